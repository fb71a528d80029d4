package dev.serialboost.corpus.graphs;

import java.util.HashSet;
import java.util.Set;

/** A subclass level whose set holds the object itself: see {@link KeyedBase}. */
public class KeyedNode extends KeyedBase {
    private static final long serialVersionUID = 150L;

    Set<KeyedBase> peers;
    boolean containsItself;

    static KeyedNode ring(final int... keys) {
        Set<KeyedBase> peers = new HashSet<>();
        KeyedNode first = null;
        for (int k : keys) {
            KeyedNode n = new KeyedNode();
            n.key = k;
            n.peers = peers;
            peers.add(n);
            first = first == null ? n : first;
        }
        return first;
    }
}
