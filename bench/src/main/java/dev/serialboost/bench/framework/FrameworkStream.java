package dev.serialboost.bench.framework;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;

/**
 * The stream subclasses frameworks put around Java serialization, each written as its kind of framework writes it
 * (not copied from one): the benchmark rows of issue 36 item 0, where the engine must gain or break even.
 */
public enum FrameworkStream {
    /**
     * An input stream that resolves classes through a given loader, falling back to the JDK's resolution: Spring's
     * {@code ConfigurableObjectInputStream}, commons-lang3's {@code SerializationUtils.clone}, Tomcat's session
     * store. Written with a plain {@code ObjectOutputStream}.
     */
    RESOLVE_CLASS {
        @Override
        public ObjectOutputStream output(final OutputStream out) throws IOException {
            return new ObjectOutputStream(out);
        }

        @Override
        public ObjectInputStream input(final InputStream in) throws IOException {
            return new LoaderObjectInputStream(in, FrameworkStream.class.getClassLoader());
        }
    },
    /**
     * Streams that write their own compact class descriptors (a class name, or the JDK's descriptor for the classes
     * it cannot name cheaply) and look the local descriptor up when reading: cache and codec serializers.
     */
    COMPACT_DESCRIPTORS {
        @Override
        public ObjectOutputStream output(final OutputStream out) throws IOException {
            return new CompactObjectOutputStream(out);
        }

        @Override
        public ObjectInputStream input(final InputStream in) throws IOException {
            return new CompactObjectInputStream(in, FrameworkStream.class.getClassLoader());
        }
    },
    /**
     * Streams that annotate every class with where it came from ({@code annotateClass}, here no codebase) and read
     * the annotation back in {@code resolveClass}: JDK RMI's marshalling streams.
     */
    ANNOTATE_CLASS {
        @Override
        public ObjectOutputStream output(final OutputStream out) throws IOException {
            return new AnnotatingObjectOutputStream(out);
        }

        @Override
        public ObjectInputStream input(final InputStream in) throws IOException {
            return new AnnotationObjectInputStream(in, FrameworkStream.class.getClassLoader());
        }
    };

    /** A new output stream of this kind over {@code out} (the stream header written). */
    public abstract ObjectOutputStream output(OutputStream out) throws IOException;

    /** A new input stream of this kind over {@code in} (the stream header read). */
    public abstract ObjectInputStream input(InputStream in) throws IOException;
}
