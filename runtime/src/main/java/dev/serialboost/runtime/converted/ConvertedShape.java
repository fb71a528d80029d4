package dev.serialboost.runtime.converted;

import java.io.ObjectStreamField;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * The 4-byte shape written ahead of each object's data in the converted format: a fingerprint of how the writer laid
 * the data out. It covers the format's version, and for each converted class level, topmost first, the class name
 * without its package (the JDK compares a stream's class names with the local ones so), whether the level is one bulk
 * record, whether its class's own {@code writeObject}/{@code readObject} wrote it (its data is then the JDK's custom
 * data, ending with {@code TC_ENDBLOCKDATA}), and its fields in the order they are written (name, and the type code
 * of a primitive or {@code L} for any reference). The reader compares it with its own class's shape once per
 * object; a different shape is read by {@link EvolvedRead}, which finds the writer's bulk settings by matching this
 * value against the levels the stream's class descriptors list.
 *
 * <p>Reference types are left out on purpose: a stream class descriptor bound to a local class lists its reference
 * fields with the local types, so the reader could not recompute the writer's value. Whether they changed is told
 * by the descriptors themselves ({@link ConvertedReading#sameReflectors}).
 */
final class ConvertedShape {

    /**
     * The format's version, part of every shape. Version 1 (serialboost before class evolution) wrote a fingerprint
     * per class level and no field list in the class descriptor; its data never matches a version 2 shape.
     */
    static final String VERSION = "serialboost-converted-2";

    /** The bytes of the shape ahead of each object's data. */
    static final int BYTES = 4;

    /**
     * One converted class level: its name, whether it is one bulk record, whether it is written with its class's own
     * methods ({@code custom}), its fields in written order.
     */
    record Level(String className, boolean bulk, boolean custom, ObjectStreamField[] fields) {
    }

    private ConvertedShape() {
    }

    /** The shape of these levels, topmost converted class first. */
    static int of(final List<Level> levels) {
        StringBuilder text = new StringBuilder(VERSION);
        for (Level level : levels) {
            // the name without its package, which is how the JDK compares a stream's class name with the local
            // class's (ObjectStreamClass.initNonProxy): data whose class moved to another package reads as plain
            String name = level.className();
            text.append('\n').append(name, name.lastIndexOf('.') + 1, name.length())
                    .append(level.bulk() ? " bulk" : " fields").append(level.custom() ? " custom" : "");
            for (ObjectStreamField f : level.fields()) {
                text.append(';').append(f.getName()).append(':').append(f.isPrimitive() ? f.getTypeCode() : 'L');
            }
        }
        byte[] sha;
        try {
            sha = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256", e);
        }
        return ((sha[0] & 0xFF) << 24) | ((sha[1] & 0xFF) << 16) | ((sha[2] & 0xFF) << 8) | (sha[3] & 0xFF);
    }
}
