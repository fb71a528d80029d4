package dev.serialboost.corpus.graphs;

import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * JDK collections holding converted objects (and the catalog itself). The field initializers allocate,
 * so the constructor takes an argument: there is no no-arg constructor whose code would run on read.
 */
public class Catalog implements Serializable {
    private static final long serialVersionUID = 147L;

    List<Payload> list = new ArrayList<>();
    Map<String, Payload> hashed = new HashMap<>();
    Map<String, Object> linked = new LinkedHashMap<>();
    TreeMap<String, Sibling> sorted = new TreeMap<>();
    ArrayDeque<Object> deque = new ArrayDeque<>();
    List<Catalog> selves = new ArrayList<>();
    final String title;

    Catalog(final String title) {
        this.title = title;
    }
}
