package dev.serialboost.bench.framework;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectStreamClass;
import java.io.StreamCorruptedException;

/** Reads what {@link CompactObjectOutputStream} writes: a class name is looked up locally, through one loader. */
final class CompactObjectInputStream extends LoaderObjectInputStream {

    CompactObjectInputStream(final InputStream in, final ClassLoader loader) throws IOException {
        super(in, loader);
    }

    @Override
    protected ObjectStreamClass readClassDescriptor() throws IOException, ClassNotFoundException {
        int kind = read();
        if (kind < 0) {
            throw new EOFException();
        }
        switch (kind) {
            case CompactObjectOutputStream.FULL:
                return super.readClassDescriptor();
            case CompactObjectOutputStream.NAME:
                return ObjectStreamClass.lookupAny(Class.forName(readUTF(), false, loader));
            default:
                throw new StreamCorruptedException("unknown class descriptor kind " + kind);
        }
    }
}
