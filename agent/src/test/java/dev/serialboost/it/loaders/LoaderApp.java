package dev.serialboost.it.loaders;

import dev.serialboost.it.GraphDump;
import dev.serialboost.it.StreamFlags;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * Test app for ClassLoaderIT: loads the "web application" classes (compiled by the test into a directory that
 * is not on the class path) through a child-first loader, as servlet containers do, and through a plain
 * parent-first URLClassLoader; round-trips a cart in each with an ObjectInputStream that resolves classes
 * through that loader, and prints what it got.
 *
 * <p>Argument: the directory of the web-app classes.
 */
public final class LoaderApp {

    static final String CART = "dev.serialboost.it.webapp.Cart";
    static final String ITEM = "dev.serialboost.it.webapp.Item";

    private LoaderApp() {
    }

    public static void main(final String[] args) throws Exception {
        URL[] urls = {Path.of(args[0]).toUri().toURL()};
        ClassLoader system = ClassLoader.getSystemClassLoader();
        try (URLClassLoader childFirst = new WebAppLoader(urls, system);
             URLClassLoader parentFirst = new URLClassLoader("plain", urls, system)) {
            roundTrip("child-first", childFirst);
            roundTrip("parent-first", parentFirst);
        }
    }

    private static void roundTrip(final String label, final ClassLoader loader) throws Exception {
        Class<?> cart = Class.forName(CART, true, loader);
        Object original = cart.getMethod("sample").invoke(null);
        byte[] bytes = StreamFlags.write(original);
        Object copy = StreamFlags.read(bytes, loader);
        System.out.println(label + ": defined-by-loader=" + (cart.getClassLoader() == loader)
                + " copy-same-class=" + (copy.getClass() == cart)
                + " " + GraphDump.kind(copy.getClass())
                + " cart-flags=" + StreamFlags.flags(bytes, CART) + " item-flags=" + StreamFlags.flags(bytes, ITEM)
                + " describe=" + cart.getMethod("describe").invoke(copy));
        for (String line : new GraphDump().graph(copy)) {
            System.out.println(label + ": " + line);
        }
    }
}
