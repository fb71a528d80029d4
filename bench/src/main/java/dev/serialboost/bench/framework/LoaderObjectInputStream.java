package dev.serialboost.bench.framework;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;

/**
 * Resolves classes through one loader first, then as the JDK does (primitive types, other loaders); the other input
 * streams of {@link FrameworkStream} resolve as it does.
 */
class LoaderObjectInputStream extends ObjectInputStream {

    /** The loader classes are resolved through first. */
    final ClassLoader loader;

    LoaderObjectInputStream(final InputStream in, final ClassLoader loader) throws IOException {
        super(in);
        this.loader = loader;
    }

    @Override
    protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException {
        try {
            return Class.forName(desc.getName(), false, loader);
        } catch (ClassNotFoundException e) {
            return super.resolveClass(desc);
        }
    }
}
