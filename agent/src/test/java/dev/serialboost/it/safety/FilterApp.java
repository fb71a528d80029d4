package dev.serialboost.it.safety;

import dev.serialboost.it.GraphDump;

import java.io.ByteArrayInputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;

/**
 * Test app for FilterIT, run with {@code -Djdk.serialFilter=}{@value #FILTER}: writes each of
 * {@link FilterScenarios} in a class loader of its own, reads it with a plain {@code ObjectInputStream} (so the
 * JVM-wide filter applies) in the application loader, and prints one line per scenario with how the read ended,
 * then what it counted: whether {@link Forbidden} was ever instantiated or initialized in the reading loader, and
 * what {@link Holder} is in the reading loader ({@link GraphDump#kind}).
 */
public final class FilterApp {

    /** The JVM-wide filter FilterIT passes as {@code -Djdk.serialFilter}. */
    public static final String FILTER = "!dev.serialboost.it.safety.Forbidden;maxarray=1000;maxdepth=40;maxrefs=3000;"
            + "maxbytes=150000";

    private FilterApp() {
    }

    public static void main(final String[] args) throws Exception {
        System.out.println("filter=" + ObjectInputFilter.Config.getSerialFilter());
        URL here = FilterApp.class.getProtectionDomain().getCodeSource().getLocation();
        List<byte[]> streams = new java.util.ArrayList<>();
        try (URLClassLoader writer = new URLClassLoader("writer", new URL[] {here},
                ClassLoader.getPlatformClassLoader())) {
            Method write = writer.loadClass(FilterScenarios.class.getName()).getMethod("write", String.class);
            for (String name : FilterScenarios.NAMES) {
                streams.add((byte[]) write.invoke(null, name));
            }
        }
        for (int i = 0; i < streams.size(); i++) {
            String outcome;
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(streams.get(i)))) {
                Object copy = in.readObject();
                outcome = "read " + copy;
            } catch (Exception e) {
                outcome = e.getClass().getName() + ": " + e.getMessage();
            }
            System.out.println(FilterScenarios.NAMES.get(i) + ": " + outcome);
        }
        System.out.println("forbidden-base-constructed=" + Counters.forbiddenBaseConstructed
                + " forbidden-initialized=" + Counters.forbiddenInitialized);
        System.out.println("holder " + GraphDump.kind(Holder.class));
    }
}
