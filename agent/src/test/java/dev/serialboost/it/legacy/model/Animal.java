package dev.serialboost.it.legacy.model;

/** Not serializable: plain JDK reading runs this no-arg constructor and nothing of the serializable levels. */
public class Animal {
    protected int legs;
    protected String kingdom;

    public Animal() {
        legs = 4;
        kingdom = "animalia";
    }
}
