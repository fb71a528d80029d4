package dev.serialboost.corpus.hierarchy;

import java.io.Serializable;
import java.util.AbstractMap;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Serializable below a NON-serializable JDK class (AbstractMap: protected no-arg constructor, transient
 * caches). The JDK runs AbstractMap() on read.
 */
public class CounterMap extends AbstractMap<String, Integer> implements Serializable {
    private static final long serialVersionUID = 28L;

    private final String[] keys;
    private final int[] counts;

    public CounterMap(final String[] keys, final int[] counts) {
        this.keys = keys;
        this.counts = counts;
    }

    @Override
    public Set<Entry<String, Integer>> entrySet() {
        Set<Entry<String, Integer>> entries = new LinkedHashSet<>();
        for (int i = 0; i < keys.length; i++) {
            entries.add(new SimpleImmutableEntry<>(keys[i], counts[i]));
        }
        return entries;
    }
}
