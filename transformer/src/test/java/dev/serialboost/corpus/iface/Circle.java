package dev.serialboost.corpus.iface;

public final class Circle extends AbstractShape {
    private static final long serialVersionUID = 134L;

    private final double radius;

    public Circle(final double radius) {
        super("circle");
        this.radius = radius;
    }

    @Override
    public double area() {
        return Math.PI * radius * radius;
    }
}
