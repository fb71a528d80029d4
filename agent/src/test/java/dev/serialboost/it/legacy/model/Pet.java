package dev.serialboost.it.legacy.model;

import java.io.Serializable;

/** The first serializable level above a non-serializable base; a transient field with an initializer. */
public class Pet extends Animal implements Serializable {
    private static final long serialVersionUID = 1L;

    private String name;
    private int age;
    private transient String mood = "happy";

    public Pet(final String name, final int age) {
        this.name = name;
        this.age = age;
        this.legs = 3;
        this.kingdom = "changed after construction";
    }
}
