package dev.serialboost.it.legacy.model;

/** A second serializable level with a computed serialVersionUID and a reference back into the graph. */
public class Dog extends Pet {
    private String breed;
    private double weight;
    private Pet friend;
    private final short[] scores;

    public Dog(final String name, final int age, final String breed, final double weight, final Pet friend) {
        super(name, age);
        this.breed = breed;
        this.weight = weight;
        this.friend = friend;
        this.scores = new short[] {1, -2, Short.MAX_VALUE};
    }
}
