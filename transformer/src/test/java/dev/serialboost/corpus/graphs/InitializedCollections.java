package dev.serialboost.corpus.graphs;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The everyday shape: collection fields initialized where they are declared and only the implicit no-arg
 * constructor, which allocates (runs code): CONSTRUCTOR_RUNS_CODE, stays plain.
 */
public class InitializedCollections implements Serializable {
    private static final long serialVersionUID = 149L;

    final List<Payload> items = new ArrayList<>();
    final Map<String, Payload> byName = new HashMap<>();
    transient List<String> scratch = new ArrayList<>();
}
