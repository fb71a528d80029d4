package dev.serialboost.it.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;

/**
 * A child-first loader for {@code dev.serialboost.it.engine.loaders}, which also defines
 * {@value #ONLY_HERE}: a copy of {@code Pojo} under a name no other loader knows (its class file with the name
 * replaced in place), so that one class name resolves in some loaders and not in others.
 */
final class TwinLoader extends URLClassLoader {

    static final String PACKAGE = "dev.serialboost.it.engine.loaders.";
    /** Defined by every TwinLoader, by no other loader. */
    static final String ONLY_HERE = PACKAGE + "Poj0";

    static {
        registerAsParallelCapable();
    }

    TwinLoader(final String name, final URL classes, final ClassLoader parent) {
        super(name, new URL[] {classes}, parent);
    }

    @Override
    protected Class<?> loadClass(final String name, final boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(PACKAGE)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = name.equals(ONLY_HERE) ? definePoj0() : findClass(name);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    private Class<?> definePoj0() {
        try (InputStream in = getResourceAsStream("dev/serialboost/it/engine/loaders/Pojo.class")) {
            byte[] bytes = in.readAllBytes();
            byte[] renamed = BadStreams.replace(bytes, "loaders/Pojo", "loaders/Poj0");
            return defineClass(ONLY_HERE, renamed, 0, renamed.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
