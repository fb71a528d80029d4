package dev.serialboost.it.config;

import java.io.Serializable;

/** Excluded by ConfigIT's rules file (an exclude line before a matching include line). */
public class Kept implements Serializable {
    private static final long serialVersionUID = 1L;

    int number;
    String text;

    public Kept(final int number, final String text) {
        this.number = number;
        this.text = text;
    }
}
