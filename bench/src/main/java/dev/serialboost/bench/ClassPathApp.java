package dev.serialboost.bench;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The application of the class-loading measurement: looks at every class of the jars it is given (published
 * libraries, see {@code bench/pom.xml}), as an application that uses them loads them, and prints how long that
 * took: {@code looked at N classes (L loaded, F failed) in X.Y ms}. Each class is loaded by name, not initialized,
 * through one class loader for all the jars; a class that cannot be loaded (an optional dependency missing) is
 * counted as failed, but was looked at by every transformer all the same. The names are read before the clock
 * starts. The loader's parent is the platform loader, not the application's: {@code benchmarks.jar} carries some of
 * these libraries itself (commons-lang3, for {@code CloneBenchmark}), and every class must come from the jars given.
 */
public final class ClassPathApp {

    private ClassPathApp() {
    }

    public static void main(final String[] args) throws IOException {
        List<String> names = new ArrayList<>();
        URL[] urls = new URL[args.length];
        for (int i = 0; i < args.length; i++) {
            urls[i] = new File(args[i]).toURI().toURL();
            try (JarFile jar = new JarFile(args[i])) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                    String name = e.nextElement().getName();
                    if (name.endsWith(".class") && !name.startsWith("META-INF/") && !name.endsWith("module-info.class")
                            && !name.endsWith("package-info.class")) {
                        names.add(name.substring(0, name.length() - ".class".length()).replace('/', '.'));
                    }
                }
            }
        }
        int loaded = 0;
        int failed = 0;
        long start = System.nanoTime();
        try (URLClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
            for (String name : names) {
                try {
                    Class.forName(name, false, loader);
                    loaded++;
                } catch (ClassNotFoundException | LinkageError e) {
                    failed++;
                }
            }
        }
        long nanos = System.nanoTime() - start;
        System.out.printf(java.util.Locale.ROOT, "looked at %d classes (%d loaded, %d failed) in %.1f ms%n",
                names.size(), loaded, failed, nanos / 1e6);
    }
}
