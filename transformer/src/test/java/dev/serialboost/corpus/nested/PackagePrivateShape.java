package dev.serialboost.corpus.nested;

import java.io.Serializable;

/** A package-private top-level class (its computed serialVersionUID depends on the missing ACC_PUBLIC). */
class PackagePrivateShape implements Serializable {
    int value;
    String text;

    PackagePrivateShape(final int value) {
        this.value = value;
        this.text = "pp" + value;
    }

    void touch() {
        value++;
    }
}
