package dev.serialboost.runtime.converted;

import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.invoke.MethodHandle;

/**
 * One converted level of a class (the fields it declares): its generated bodies, and where its values go in the
 * data of a whole object as the runtime reads it (primitives in one {@code byte[]}, references in one array).
 */
final class ConvertedLevel {

    /** {@code (Object, ObjectOutput) -> void}: the level's {@code $sb$write} (its primitives); null if none. */
    final MethodHandle write;
    /** {@code (Object, int) -> Object}: the level's {@code $sb$ref}; null if it has no references. */
    final MethodHandle ref;
    /** {@code (Object, byte[], int, Object[], int) -> void}: the level's {@code $sb$set}. */
    final MethodHandle set;
    /**
     * A bulk level's record, which its {@code $sb$write} and {@code $sb$set} hand the object and data to: called
     * directly, without the method handles (not constants here, so each call would go through their forms).
     */
    final BulkLayout bulk;
    /** Bytes of the level's primitives in the stream, and where they start in a whole object's. */
    final int primitiveBytes;
    final int at;
    /** The level's references, and the index of its first among a whole object's. */
    final int references;
    final int from;
    /**
     * The class's own {@code writeObject}/{@code readObject}, or null: such a level is written and read whole by
     * {@link CustomLevels} at its place in the data, its default part by the generated bodies through the hooks
     * in {@code defaultWriteObject}/{@code defaultReadObject} (so it counts no primitives and no references in
     * the data loop's accounting: {@link #ownBytes} and {@link #ownReferences} are its default part's).
     */
    final CustomLevels.Methods custom;
    /** The converted view of the level's class. */
    final ObjectStreamClass desc;
    /** Bytes of the level's primitives, and its references, in its default part (a custom level's own). */
    final int ownBytes;
    final int ownReferences;

    ConvertedLevel(final MethodHandle write, final MethodHandle ref, final MethodHandle set, final BulkLayout bulk,
                   final int primitiveBytes, final int at, final int references, final int from,
                   final CustomLevels.Methods custom, final ObjectStreamClass desc) {
        this.custom = custom;
        this.desc = desc;
        this.ownBytes = desc == null ? 0 : primitiveBytes(desc.getFields());
        this.ownReferences = desc == null ? 0 : referenceCount(desc.getFields());
        this.write = write;
        this.ref = ref;
        this.set = set;
        this.bulk = bulk;
        this.primitiveBytes = primitiveBytes;
        this.at = at;
        this.references = references;
        this.from = from;
    }

    /** The reference fields among {@code fields}. */
    static int referenceCount(final ObjectStreamField[] fields) {
        int references = 0;
        for (ObjectStreamField f : fields) {
            references += f.isPrimitive() ? 0 : 1;
        }
        return references;
    }

    /** The bytes of the primitive fields among {@code fields} in the stream (a bulk record is packed the same). */
    static int primitiveBytes(final ObjectStreamField[] fields) {
        int bytes = 0;
        for (ObjectStreamField f : fields) {
            if (f.isPrimitive()) {
                bytes += switch (f.getTypeCode()) {
                    case 'J', 'D' -> 8;
                    case 'I', 'F' -> 4;
                    case 'S', 'C' -> 2;
                    default -> 1;
                };
            }
        }
        return bytes;
    }
}
