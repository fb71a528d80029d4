package dev.serialboost.bench.framework;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;

/**
 * Writes a class descriptor as its class name only, where the reader can look the class up by name: the JDK's own
 * descriptor (a marker byte first) for arrays, primitives, interfaces and descriptors whose {@code serialVersionUID}
 * is 0 (enums, for one), which such codecs leave to the JDK. (The rule is the one codec serializers use, e.g.
 * Netty's {@code CompactObjectOutputStream}; it is not checked that a class declares its UID.)
 */
final class CompactObjectOutputStream extends ObjectOutputStream {

    static final int FULL = 0;
    static final int NAME = 1;

    CompactObjectOutputStream(final OutputStream out) throws IOException {
        super(out);
    }

    @Override
    protected void writeClassDescriptor(final ObjectStreamClass desc) throws IOException {
        Class<?> type = desc.forClass();
        if (type == null || type.isArray() || type.isPrimitive() || type.isInterface()
                || desc.getSerialVersionUID() == 0) {
            write(FULL);
            super.writeClassDescriptor(desc);
        } else {
            write(NAME);
            writeUTF(desc.getName());
        }
    }
}
