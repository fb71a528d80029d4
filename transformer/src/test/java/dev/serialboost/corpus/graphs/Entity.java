package dev.serialboost.corpus.graphs;

import java.io.Serializable;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/**
 * An entity in a HashSet that (through the set) refers to itself, with hashCode based on a field. While
 * the JDK reads the set, the entity is only partly read. Plain JDK reads a class's object fields in name
 * order ({@code code} before {@code group}) but assigns them all at once afterwards, so {@code code} is
 * still null when HashSet.readObject hashes the entity, and the set cannot find it afterwards. A
 * conversion that assigns each field as soon as it is read behaves differently.
 */
public class Entity implements Serializable {
    private static final long serialVersionUID = 148L;

    String code;
    Set<Entity> group;
    boolean containsItself;

    Entity(final String code) {
        this.code = code;
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(code);
    }

    @Override
    public boolean equals(final Object o) {
        return o instanceof Entity e && Objects.equals(code, e.code);
    }

    static Entity group(final String... ids) {
        Set<Entity> group = new HashSet<>();
        Entity first = null;
        for (String id : ids) {
            Entity e = new Entity(id);
            e.group = group;
            group.add(e);
            if (first == null) {
                first = e;
            }
        }
        return first;
    }

    static void observe(final Entity e) {
        e.containsItself = e.group.contains(e);
    }
}
