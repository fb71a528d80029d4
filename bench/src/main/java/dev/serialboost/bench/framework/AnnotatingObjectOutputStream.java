package dev.serialboost.bench.framework;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;

/** Annotates every class and proxy class with its codebase, as RMI's marshalling stream does: here always none. */
final class AnnotatingObjectOutputStream extends ObjectOutputStream {

    AnnotatingObjectOutputStream(final OutputStream out) throws IOException {
        super(out);
    }

    @Override
    protected void annotateClass(final Class<?> type) throws IOException {
        writeObject(codebase(type));
    }

    @Override
    protected void annotateProxyClass(final Class<?> type) throws IOException {
        writeObject(codebase(type));
    }

    /** The codebase a class is annotated with: none, as for every class an RMI application loads locally. */
    private static String codebase(final Class<?> type) {
        return null;
    }
}
