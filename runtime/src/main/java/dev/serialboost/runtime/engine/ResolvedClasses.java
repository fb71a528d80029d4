package dev.serialboost.runtime.engine;

import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The classes {@code ObjectInputStream.resolveClass} found, by class name and the class loader it asked. Exact
 * because the JVM answers {@code Class.forName(name, false, loader)} with the same class every time once it has
 * answered it (the loader is then recorded as an initiating loader of that class); only such answers are kept,
 * never a failure and never the primitive-type fallback. Holds loaders and classes weakly. Bounded: at most
 * {@link #MAX_NAMES} names and {@link #MAX_LOADERS} loaders a name; past that, nothing new is kept and streams
 * resolve as without the cache.
 */
final class ResolvedClasses {

    static final int MAX_NAMES = 8192;
    static final int MAX_LOADERS = 4;

    private record Resolution(WeakReference<ClassLoader> loader, WeakReference<Class<?>> cl) {
    }

    private static final ConcurrentHashMap<String, Resolution[]> BY_NAME = new ConcurrentHashMap<>();

    private ResolvedClasses() {
    }

    /** The class {@code name} resolved to under {@code loader}, or null when not known. */
    static Class<?> find(final String name, final ClassLoader loader) {
        Resolution[] known = BY_NAME.get(name);
        if (known != null) {
            for (Resolution r : known) {
                if (r.loader.get() == loader) {
                    return r.cl.get();
                }
            }
        }
        return null;
    }

    /** Remembers what the JDK resolved {@code name} to under {@code loader}, when that is safe to reuse. */
    static void offer(final String name, final ClassLoader loader, final Class<?> cl) {
        if (cl == null || cl.isPrimitive() || !cl.getName().equals(name)) {
            return;
        }
        Resolution added = new Resolution(new WeakReference<>(loader), new WeakReference<>(cl));
        if (BY_NAME.size() >= MAX_NAMES && !BY_NAME.containsKey(name)) {
            return;
        }
        BY_NAME.compute(name, (n, known) -> {
            if (known == null) {
                return new Resolution[] {added};
            }
            Resolution[] next = new Resolution[Math.min(known.length + 1, MAX_LOADERS)];
            int i = 0;
            next[i++] = added;
            for (Resolution r : known) {
                if (i < next.length && r.loader.get() != null && r.loader.get() != loader) {
                    next[i++] = r;
                }
            }
            return i == next.length ? next : java.util.Arrays.copyOf(next, i);
        });
    }
}
