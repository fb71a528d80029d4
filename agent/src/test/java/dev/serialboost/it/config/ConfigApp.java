package dev.serialboost.it.config;

import dev.serialboost.it.GraphDump;
import dev.serialboost.it.StreamFlags;
import dev.serialboost.it.config.sub.Excluded;
import dev.serialboost.it.config.sub.Included;

import java.util.List;

/**
 * Test app for ConfigIT: round-trips one instance of each class of this package and prints, per class, whether
 * it is Externalizable and whether serialboost converted it ({@link GraphDump#kind}), the flags of its class
 * descriptor in the stream and the copy.
 *
 * <pre>
 * Kept externalizable=false converted=false stream-flags=0x02 copy: root: #1 | #1 dev.serialboost.it.config.Kept | ...
 * </pre>
 */
public final class ConfigApp {

    private ConfigApp() {
    }

    public static void main(final String[] args) throws Exception {
        List<Object> objects = List.of(new Kept(7, "kept"), new Converted(8L, "converted"), new Included(0.5),
                new Excluded("excluded"), new RunsCtor("runs"));
        for (Object o : objects) {
            byte[] bytes = StreamFlags.write(o);
            Object copy = StreamFlags.read(bytes);
            System.out.println(o.getClass().getSimpleName() + " " + GraphDump.kind(o.getClass()) + " stream-flags="
                    + StreamFlags.flags(bytes, o.getClass().getName()) + " copy: "
                    + String.join(" | ", new GraphDump().graph(copy)));
        }
    }
}
