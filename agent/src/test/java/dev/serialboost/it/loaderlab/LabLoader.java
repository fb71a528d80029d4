package dev.serialboost.it.loaderlab;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

/**
 * A child-first loader for the classes under one package prefix and a few more by name (an application server's
 * web-application loader), parent-first for everything else; it can also define a class under a new name of the same
 * length from another class's file ({@code renamed}: new binary name to the binary name whose class file it copies),
 * a class no other loader knows.
 */
public final class LabLoader extends URLClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final String prefix;
    private final Set<String> alsoOwn;
    private final Map<String, String> renamed;

    public LabLoader(final String name, final URL classes, final ClassLoader parent, final String prefix,
                     final Set<String> alsoOwn, final Map<String, String> renamed) {
        super(name, new URL[] {classes}, parent);
        this.prefix = prefix;
        this.alsoOwn = Set.copyOf(alsoOwn);
        this.renamed = Map.copyOf(renamed);
    }

    @Override
    protected Class<?> loadClass(final String name, final boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(prefix) && !alsoOwn.contains(name) && !renamed.containsKey(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                String source = renamed.get(name);
                if (source != null) {
                    c = defineRenamed(name, source);
                } else {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException e) {
                        return super.loadClass(name, resolve);
                    }
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    private Class<?> defineRenamed(final String name, final String source) {
        try (InputStream in = getResourceAsStream(source.replace('.', '/') + ".class")) {
            byte[] bytes = in.readAllBytes();
            replace(bytes, source.replace('.', '/'), name.replace('.', '/'));
            return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Replaces every occurrence of {@code from} by {@code to} (as many bytes) in place. */
    static void replace(final byte[] bytes, final String from, final String to) {
        byte[] f = from.getBytes(StandardCharsets.UTF_8);
        byte[] t = to.getBytes(StandardCharsets.UTF_8);
        if (f.length != t.length) {
            throw new IllegalArgumentException(from + " and " + to + " differ in length");
        }
        for (int i = 0; i + f.length <= bytes.length; i++) {
            int j = 0;
            while (j < f.length && bytes[i + j] == f[j]) {
                j++;
            }
            if (j == f.length) {
                System.arraycopy(t, 0, bytes, i, t.length);
            }
        }
    }
}
