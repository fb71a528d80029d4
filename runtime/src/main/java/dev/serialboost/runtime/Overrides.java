package dev.serialboost.runtime;

import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/** Whether stream classes override a method of {@code ObjectOutputStream} or {@code ObjectInputStream}. */
public final class Overrides {

    /** Whether a stream class overrides {@code ObjectOutputStream.writeClassDescriptor}. */
    public static final ClassValue<Boolean> WRITE_CLASS_DESCRIPTOR =
            of(ObjectOutputStream.class, "writeClassDescriptor", ObjectStreamClass.class);
    /** Whether a stream class overrides {@code ObjectInputStream.readClassDescriptor}. */
    public static final ClassValue<Boolean> READ_CLASS_DESCRIPTOR = of(ObjectInputStream.class, "readClassDescriptor");
    /** Whether a stream class overrides {@code ObjectInputStream.resolveClass}. */
    public static final ClassValue<Boolean> RESOLVE_CLASS =
            of(ObjectInputStream.class, "resolveClass", ObjectStreamClass.class);

    /**
     * Whether a stream class overrides {@code ObjectInputStream.defaultReadObject}, {@code readInt} or {@code
     * readFields}: the stream methods the JDK classes that are closed readers call (besides the final {@code
     * readObject()}), so that with such an override code of another class runs under them.
     */
    public static final ClassValue<Boolean> CLOSED_READER_CALLS = any(of(ObjectInputStream.class,
            "defaultReadObject"), of(ObjectInputStream.class, "readInt"), of(ObjectInputStream.class, "readFields"));

    /**
     * Whether a stream class overrides {@code ObjectOutputStream.writeClassDescriptor} or one of its primitive
     * writes ({@code write}, {@code writeInt}, {@code writeUTF}...): the converted format writes such a stream's objects
     * in the plain format, whose data the JDK writes without those methods (see {@code ConvertedFormat}).
     */
    public static final ClassValue<Boolean> PLAIN_FORMAT_WRITES = any(WRITE_CLASS_DESCRIPTOR,
            of(ObjectOutputStream.class, "write", int.class), of(ObjectOutputStream.class, "write", byte[].class),
            of(ObjectOutputStream.class, "write", byte[].class, int.class, int.class),
            of(ObjectOutputStream.class, "writeBoolean", boolean.class),
            of(ObjectOutputStream.class, "writeByte", int.class), of(ObjectOutputStream.class, "writeShort", int.class),
            of(ObjectOutputStream.class, "writeChar", int.class), of(ObjectOutputStream.class, "writeInt", int.class),
            of(ObjectOutputStream.class, "writeLong", long.class),
            of(ObjectOutputStream.class, "writeFloat", float.class),
            of(ObjectOutputStream.class, "writeDouble", double.class),
            of(ObjectOutputStream.class, "writeBytes", String.class),
            of(ObjectOutputStream.class, "writeChars", String.class),
            of(ObjectOutputStream.class, "writeUTF", String.class));

    private Overrides() {
    }

    /** Per stream class, whether any of {@code each} says it overrides its method. */
    @SafeVarargs
    private static ClassValue<Boolean> any(final ClassValue<Boolean>... each) {
        return new ClassValue<>() {
            @Override
            protected Boolean computeValue(final Class<?> type) {
                for (ClassValue<Boolean> one : each) {
                    if (one.get(type)) {
                        return Boolean.TRUE;
                    }
                }
                return Boolean.FALSE;
            }
        };
    }

    /**
     * Per stream class, whether it (or a superclass below {@code base}) declares {@code name(parameters)}; a class
     * whose methods cannot be listed counts as overriding, so the JDK's own path is kept for it.
     */
    private static ClassValue<Boolean> of(final Class<?> base, final String name, final Class<?>... parameters) {
        return new ClassValue<>() {
            @Override
            protected Boolean computeValue(final Class<?> type) {
                for (Class<?> c = type; c != base && c != null; c = c.getSuperclass()) {
                    try {
                        c.getDeclaredMethod(name, parameters);
                        return Boolean.TRUE;
                    } catch (NoSuchMethodException e) {
                        // not here; look further up
                    } catch (Throwable t) {
                        return Boolean.TRUE;
                    }
                }
                return Boolean.FALSE;
            }
        };
    }
}
