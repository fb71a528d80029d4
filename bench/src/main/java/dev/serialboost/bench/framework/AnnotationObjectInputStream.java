package dev.serialboost.bench.framework;

import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectStreamClass;

/** Reads the codebase annotation {@link AnnotatingObjectOutputStream} writes, then resolves through one loader. */
final class AnnotationObjectInputStream extends LoaderObjectInputStream {

    AnnotationObjectInputStream(final InputStream in, final ClassLoader loader) throws IOException {
        super(in, loader);
    }

    @Override
    protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException {
        Object codebase = readObject();
        if (codebase != null && !(codebase instanceof String)) {
            throw new InvalidClassException(desc.getName(), "class annotation is not a codebase: " + codebase);
        }
        return super.resolveClass(desc);
    }

    @Override
    protected Class<?> resolveProxyClass(final String[] interfaces) throws IOException, ClassNotFoundException {
        readObject();
        return super.resolveProxyClass(interfaces);
    }
}
