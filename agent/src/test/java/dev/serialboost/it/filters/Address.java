package dev.serialboost.it.filters;

import java.io.Serializable;

/** Part of {@link Customer}. */
public record Address(String street, String city) implements Serializable {
}
