package dev.serialboost.it.deep;

import dev.serialboost.it.StreamFlags;

import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * How deep a singly linked chain written by one version of its class this JVM reads into another version of the
 * class (same name and serialVersionUID, other fields) on a thread of a given stack size: class evolution, where each
 * link's data is of another shape than the reader's class. Prints {@code read M flags F}: the longest chain that reads
 * (found by doubling, then bisection; a {@code StackOverflowError} means too deep, any other failure ends
 * the run), and the flags of the link class's descriptor in the written stream ({@code 0x0c} in the converted layout).
 * Each chain is written on a thread with a large stack, so that reading is not limited by writing.
 *
 * <p>Arguments: the stack size in KiB, the class directory of the writer's version of {@value #LINK}, the reader's.
 * Both versions have {@code int value} and the link {@code next}; values of any other field are set from the link's
 * number, and a field the reader's version has and the writer's lacks must come back at its default.
 */
public final class DeepEvolvedChain {

    /** The link class, in each version's directory only (not on the class path). */
    public static final String LINK = "dev.serialboost.it.deep.gen.EvoLink";
    private static final long LARGE_STACK = 1L << 30;

    private DeepEvolvedChain() {
    }

    public static void main(final String[] args) throws Exception {
        long stack = Long.parseLong(args[0]) * 1024;
        ClassLoader parent = DeepEvolvedChain.class.getClassLoader();
        Class<?> writer = new URLClassLoader(new URL[] {Path.of(args[1]).toUri().toURL()}, parent).loadClass(LINK);
        ClassLoader reader = new URLClassLoader(new URL[] {Path.of(args[2]).toUri().toURL()}, parent);
        if (writer.getClassLoader() == parent || reader.loadClass(LINK).getClassLoader() == parent) {
            throw new IllegalStateException(LINK + " is on the class path: the test reads one version only");
        }
        // every class the streams need loads on a shallow stack first
        byte[] warm = StreamFlags.write(chain(writer, 3));
        if (length(StreamFlags.read(warm, reader), writer) != 3) {
            throw new IllegalStateException("a chain of 3 did not come back whole");
        }
        System.out.println("read " + deepest(stack, writer, reader) + " flags " + StreamFlags.flags(warm, LINK));
    }

    /**
     * The longest chain that reads: doubling from 64 links until one fails, then bisecting (long chains take long to
     * build and write interpreted, and each one's reading fails within its first few hundred links).
     */
    private static int deepest(final long stack, final Class<?> writer, final ClassLoader reader) throws Exception {
        int works = 1;
        int fails = 64;
        while (reads(fails, stack, writer, reader)) {
            works = fails;
            fails *= 2;
            if (fails > 1_000_000) {
                throw new IllegalStateException("a chain of " + works + " links reads: is the stack size taken?");
            }
        }
        while (fails - works > 1) {
            int n = (works + fails) >>> 1;
            if (reads(n, stack, writer, reader)) {
                works = n;
            } else {
                fails = n;
            }
        }
        return works;
    }

    /** Whether a chain of {@code n} links of the writer's class, written on a large stack, reads on this one. */
    private static boolean reads(final int n, final long stack, final Class<?> writer, final ClassLoader reader)
            throws Exception {
        Object chain = chain(writer, n);
        byte[][] bytes = new byte[1][];
        if (!DeepChain.on(LARGE_STACK, () -> bytes[0] = StreamFlags.write(chain))) {
            throw new IllegalStateException("a chain of " + n + " did not write on a 1 GiB stack");
        }
        Object[] back = new Object[1];
        boolean ok = DeepChain.on(stack, () -> back[0] = StreamFlags.read(bytes[0], reader));
        if (ok && length(back[0], writer) != n) {
            throw new IllegalStateException("a chain of " + n + " came back " + length(back[0], writer) + " long");
        }
        return ok;
    }

    /** A chain of {@code n} links of the writer's class, link {@code i} with {@code value} i, other fields set. */
    private static Object chain(final Class<?> type, final int n) throws Exception {
        Object head = null;
        for (int i = n; i > 0; i--) {
            Object link = type.getConstructor().newInstance();
            for (Field f : type.getDeclaredFields()) {
                if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                f.set(link, f.getName().equals("next") ? head : valueFor(f.getType(), i));
            }
            head = link;
        }
        return head;
    }

    private static Object valueFor(final Class<?> type, final int i) {
        if (type == int.class) {
            return i;
        }
        if (type == long.class) {
            return 1_000_000_000_000L + i;
        }
        if (type == String.class) {
            return "link " + i;
        }
        throw new IllegalArgumentException("no value for a field of " + type);
    }

    /**
     * The chain's length, checking each link: the fields both versions have hold their values, the others
     * their defaults.
     */
    private static int length(final Object head, final Class<?> writer) throws Exception {
        int n = 0;
        for (Object l = head; l != null; n++) {
            for (Field f : l.getClass().getDeclaredFields()) {
                if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) || f.getName().equals("next")) {
                    continue;
                }
                Object expected = hasField(writer, f.getName()) ? valueFor(f.getType(), n + 1)
                        : f.getType() == int.class ? (Object) 0 : f.getType() == long.class ? (Object) 0L : null;
                if (!java.util.Objects.equals(f.get(l), expected)) {
                    throw new IllegalStateException("link " + (n + 1) + " holds " + f.getName() + " = " + f.get(l));
                }
            }
            l = l.getClass().getDeclaredField("next").get(l);
        }
        return n;
    }

    private static boolean hasField(final Class<?> type, final String name) {
        try {
            type.getDeclaredField(name);
            return true;
        } catch (NoSuchFieldException e) {
            return false;
        }
    }
}
