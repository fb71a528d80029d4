package dev.serialboost.corpus.generics;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/** A bounded type variable (erased to Comparable) and nested generic fields. */
public class Ranked<T extends Comparable<T>> implements Serializable {
    private static final long serialVersionUID = 122L;

    private T best;
    private T[] ranking;
    private Map<String, List<Integer>> index;
    private Box<? super T> wildcard;

    public Ranked(final T best, final T[] ranking, final Map<String, List<Integer>> index, final Box<? super T> wildcard) {
        this.best = best;
        this.ranking = ranking;
        this.index = index;
        this.wildcard = wildcard;
    }

    public T best() {
        return best;
    }
}
