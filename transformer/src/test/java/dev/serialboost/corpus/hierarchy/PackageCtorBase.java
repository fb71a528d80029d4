package dev.serialboost.corpus.hierarchy;

/** Not serializable; package-private no-arg constructor in the same package as its serializable subclass. */
class PackageCtorBase {
    int marker;
    String note;

    PackageCtorBase() {
        marker = 31;
        note = "package-ctor";
    }

    PackageCtorBase(final String note) {
        this.note = note;
    }
}
