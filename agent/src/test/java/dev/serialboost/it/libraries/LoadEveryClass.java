package dev.serialboost.it.libraries;

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
 * Loads, without initializing, every class of some jars: {@code APP_JAR... -- CHILD_JAR...}, the first (on the class
 * path) through the application loader, the others through a {@code URLClassLoader} below it. Prints how many loaded.
 */
public final class LoadEveryClass {

    private LoadEveryClass() {
    }

    public static void main(final String[] args) throws IOException {
        int split = List.of(args).indexOf("--");
        List<String> app = List.of(args).subList(0, split);
        List<String> child = List.of(args).subList(split + 1, args.length);
        URL[] urls = new URL[child.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = new File(child.get(i)).toURI().toURL();
        }
        ClassLoader system = LoadEveryClass.class.getClassLoader();
        try (URLClassLoader below = new URLClassLoader(urls, system)) {
            System.out.println("class path: " + load(app, system) + "; below it: " + load(child, below));
        }
    }

    private static String load(final List<String> jars, final ClassLoader loader) throws IOException {
        int loaded = 0;
        List<String> names = new ArrayList<>();
        for (String path : jars) {
            try (JarFile jar = new JarFile(path)) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                    String name = e.nextElement().getName();
                    if (name.endsWith(".class") && !name.startsWith("META-INF/") && !name.endsWith("module-info.class")
                            && !name.endsWith("package-info.class")) {
                        names.add(name.substring(0, name.length() - ".class".length()).replace('/', '.'));
                    }
                }
            }
        }
        for (String name : names) {
            try {
                Class.forName(name, false, loader);
                loaded++;
            } catch (ClassNotFoundException | LinkageError e) {
                // an optional dependency of the library is missing: the same with and without the agent
            }
        }
        return "loaded " + loaded + " of " + names.size();
    }
}
