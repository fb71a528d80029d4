package dev.serialboost.it.engine.model;

/** An enum with fields and constant-specific bodies (the constants' classes are anonymous subclasses). */
public enum Planet {
    MERCURY(3.303e+23) {
        @Override
        public String symbol() {
            return "\u263f";
        }
    },
    EARTH(5.976e+24) {
        @Override
        public String symbol() {
            return "\u2641";
        }
    },
    PLUTO(1.27e+22);

    private final double mass;

    Planet(final double mass) {
        this.mass = mass;
    }

    public String symbol() {
        return "?";
    }
}
