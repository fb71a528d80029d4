package dev.serialboost.runtime;

import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/** Whether stream classes override a method of {@code ObjectOutputStream} or {@code ObjectInputStream}. */
public final class Overrides {

    /** Whether a stream class overrides {@code ObjectOutputStream.writeClassDescriptor}. */
    public static final ClassValue<Boolean> WRITE_CLASS_DESCRIPTOR =
            of(ObjectOutputStream.class, m("writeClassDescriptor", ObjectStreamClass.class));
    /** Whether a stream class overrides {@code ObjectInputStream.readClassDescriptor}. */
    public static final ClassValue<Boolean> READ_CLASS_DESCRIPTOR =
            of(ObjectInputStream.class, m("readClassDescriptor"));
    /** Whether a stream class overrides {@code ObjectInputStream.resolveClass}. */
    public static final ClassValue<Boolean> RESOLVE_CLASS =
            of(ObjectInputStream.class, m("resolveClass", ObjectStreamClass.class));

    /**
     * Whether a stream class overrides {@code ObjectInputStream.defaultReadObject}, {@code readInt} or {@code
     * readFields}: the stream methods the JDK classes that are closed readers call (besides the final {@code
     * readObject()}), so that with such an override code of another class runs under them.
     */
    public static final ClassValue<Boolean> CLOSED_READER_CALLS = of(ObjectInputStream.class,
            m("defaultReadObject"), m("readInt"), m("readFields"));

    /**
     * Whether a stream class overrides {@code ObjectInputStream.readFully(byte[], int, int)}, with which the converted
     * format reads an object's shape and primitives unless it takes them where they are.
     */
    public static final ClassValue<Boolean> FULL_READS = of(ObjectInputStream.class,
            m("readFully", byte[].class, int.class, int.class));

    /**
     * Whether a stream class overrides {@code ObjectOutputStream.writeClassDescriptor} or one of its primitive
     * writes ({@code write}, {@code writeInt}, {@code writeUTF}...): the converted format writes such a stream's objects
     * in the plain format, whose data the JDK writes without those methods (see {@code ConvertedFormat}).
     */
    public static final ClassValue<Boolean> PLAIN_FORMAT_WRITES = of(ObjectOutputStream.class,
            m("writeClassDescriptor", ObjectStreamClass.class), m("write", int.class), m("write", byte[].class),
            m("write", byte[].class, int.class, int.class), m("writeBoolean", boolean.class),
            m("writeByte", int.class), m("writeShort", int.class), m("writeChar", int.class), m("writeInt", int.class),
            m("writeLong", long.class), m("writeFloat", float.class), m("writeDouble", double.class),
            m("writeBytes", String.class), m("writeChars", String.class), m("writeUTF", String.class));

    private Overrides() {
    }

    /** A method by its name and parameter types. */
    private static final class Signature {
        final String name;
        final Class<?>[] parameters;

        Signature(final String name, final Class<?>[] parameters) {
            this.name = name;
            this.parameters = parameters;
        }
    }

    private static Signature m(final String name, final Class<?>... parameters) {
        return new Signature(name, parameters);
    }

    /**
     * Per stream class, whether it (or a superclass below {@code base}) declares any of {@code methods}; a class
     * whose methods cannot be listed counts as overriding, so the JDK's own path is kept for it.
     */
    private static ClassValue<Boolean> of(final Class<?> base, final Signature... methods) {
        return new ClassValue<>() {
            @Override
            protected Boolean computeValue(final Class<?> type) {
                for (Class<?> c = type; c != base && c != null; c = c.getSuperclass()) {
                    for (Signature m : methods) {
                        try {
                            c.getDeclaredMethod(m.name, m.parameters);
                            return Boolean.TRUE;
                        } catch (NoSuchMethodException e) {
                            // not this one; look at the others, then further up
                        } catch (Throwable t) {
                            return Boolean.TRUE;
                        }
                    }
                }
                return Boolean.FALSE;
            }
        };
    }
}
