package dev.serialboost.corpus.statics;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** Static fields are not written and must stay what they are; explicit serialVersionUID. */
public class WithStatics implements Serializable {
    private static final long serialVersionUID = 123456789L;

    public static final int CONSTANT = 42;
    public static final List<String> REGISTRY = new ArrayList<>();
    static int counter = 5;
    static String label = "initial";
    static WithStatics lastCreated;

    int instanceValue;
    String instanceLabel;

    public WithStatics(final int instanceValue) {
        this.instanceValue = instanceValue;
        this.instanceLabel = label + instanceValue;
        counter++;
        lastCreated = this;
        REGISTRY.add(instanceLabel);
    }
}
