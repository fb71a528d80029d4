package dev.serialboost.it.legacy.mixed;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Converted by the agent; references {@link Kept} objects (excluded, plain on the wire) that reference it back,
 * so one stream written by the agent JVM holds both formats, interleaved.
 */
public class Converted implements Serializable {
    private static final long serialVersionUID = 1L;

    String name;
    Kept kept;
    List<Object> items;
    Converted self;

    /** Journal style: the later top-level objects refer back to the first ones. */
    public static Object[] sample() {
        Converted c = new Converted();
        c.name = "converted";
        c.self = c;
        Kept k = new Kept();
        k.n = 5;
        k.owner = c;
        c.kept = k;
        Converted d = new Converted();
        d.name = "second";
        Kept k2 = new Kept();
        k2.n = 6;
        k2.owner = d;
        k2.others = new Object[] {c, k, "text"};
        d.kept = k2;
        c.items = new ArrayList<>(List.of(d, k2, 7L));
        return new Object[] {c, k2, d};
    }
}
