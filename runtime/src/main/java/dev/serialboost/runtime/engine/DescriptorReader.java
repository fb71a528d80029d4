package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.Overrides;
import dev.serialboost.runtime.jdk.JdkObjectInputStream;
import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamConstants;
import java.io.ObjectStreamField;
import java.io.UTFDataFormatException;
import java.util.Arrays;

/**
 * Reads a class descriptor as {@code ObjectStreamClass.readNonProxy} does, and recognises one it has read before
 * from its bytes: the class name, serialVersionUID, flags and field names are compared as bytes with a known
 * descriptor, the reference fields' type strings are read by the stream itself (so its handle table sees them as
 * without the engine), and on a full match the descriptor read before is returned instead of a new one (what
 * {@code readNonProxy} builds is never changed afterwards, and {@code ObjectInputStream} uses it only as the model
 * that {@code initNonProxy} copies). No string is decoded, interned or allocated then. The one exception: a stream
 * class that overrides {@code resolveClass} receives the descriptor, and may remember it by identity (a per-tenant
 * resolver), so it gets a new copy per stream, as from the JDK, made from the strings kept (nothing decoded).
 *
 * <p>Exact: the stream is read in the same pieces and order as {@code readNonProxy} reads it, never beyond the
 * descriptor (a stream over a socket would block), and every check {@code readNonProxy} makes comes at the same
 * point with the same exception. What {@code readNonProxy} does is taken as the JDK's: the agent turns this off
 * unless the running JDK's method has a known fingerprint. Names longer than one buffer of the JDK's reader
 * (1,024 bytes) are decoded by the JDK's own decoder and never cached. Where the stream reads from a
 * {@code ByteArrayInputStream}, the bytes are compared in that stream's array ({@link StreamBytes}).
 *
 * <p>Bounded: at most {@link #MAX_DESCRIPTORS} descriptors, {@link #MAX_VARIANTS} of one class name, each at most
 * {@link #MAX_FIELDS} fields; past that a descriptor is read as without the cache.
 */
final class DescriptorReader {

    static final int MAX_DESCRIPTORS = 4096;
    static final int MAX_VARIANTS = 8;
    static final int MAX_FIELDS = 512;
    /** The JDK reader's buffer: a modified UTF-8 string up to this long is read in one piece, then decoded. */
    private static final int UTF_CHUNK = 1024;

    /** A descriptor read before: its bytes (the name's, then suid, flags and field count), fields, and model. */
    private static final class Known {
        final byte[] name;
        final int hash;
        /** serialVersionUID, flags and field count, as in the stream. */
        final byte[] head;
        final char[] typeCodes;
        final byte[][] fieldNames;
        final String[] fieldNameStrings;
        /** Type strings of reference fields (interned), null for primitives. */
        final String[] signatures;
        final ObjectStreamClass model;
        /**
         * The stream bytes of the fields before the first reference field (type code, length, name), compared in one
         * piece when the stream's array holds them; null when the first field is a reference or there is none.
         */
        final byte[] primitivePrefix;
        /** How many fields {@link #primitivePrefix} holds. */
        final int primitivePrefixCount;
        final Known next;

        Known(final byte[] name, final int hash, final byte[] head, final char[] typeCodes, final byte[][] fieldNames,
              final String[] fieldNameStrings, final String[] signatures, final ObjectStreamClass model,
              final Known next) {
            this.name = name;
            this.hash = hash;
            this.head = head;
            this.typeCodes = typeCodes;
            this.fieldNames = fieldNames;
            this.fieldNameStrings = fieldNameStrings;
            this.signatures = signatures;
            this.model = model;
            this.next = next;
            int n = 0;
            int length = 0;
            while (n < typeCodes.length && signatures[n] == null) {
                length += 3 + fieldNames[n].length;
                n++;
            }
            byte[] prefix = n == 0 ? null : new byte[length];
            for (int i = 0, at = 0; i < n; i++) {
                prefix[at++] = (byte) typeCodes[i];
                prefix[at++] = (byte) (fieldNames[i].length >>> 8);
                prefix[at++] = (byte) fieldNames[i].length;
                System.arraycopy(fieldNames[i], 0, prefix, at, fieldNames[i].length);
                at += fieldNames[i].length;
            }
            this.primitivePrefix = prefix;
            this.primitivePrefixCount = n;
        }

        /**
         * A new descriptor equal to {@link #model}, with new fields, from the strings kept: what {@code readNonProxy}
         * makes for these bytes, for a stream whose hooks receive it.
         */
        ObjectStreamClass copy() throws Throwable {
            ObjectStreamField[] fields = typeCodes.length == 0 ? ObjectStreamClass.NO_FIELDS
                    : new ObjectStreamField[typeCodes.length];
            ObjectStreamField[] kept = (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(model);
            for (int i = 0; i < fields.length; i++) {
                fields[i] = FieldCopies.copy(kept[i]);
            }
            byte flags = head[8];
            return Engine.newModel(model.getName(), getLong(head, 0),
                    (flags & ObjectStreamConstants.SC_WRITE_METHOD) != 0,
                    (flags & ObjectStreamConstants.SC_BLOCK_DATA) != 0,
                    (flags & ObjectStreamConstants.SC_EXTERNALIZABLE) != 0,
                    (flags & ObjectStreamConstants.SC_SERIALIZABLE) != 0, (flags & ObjectStreamConstants.SC_ENUM) != 0,
                    fields);
        }
    }

    private static final int TABLE_SIZE = 8192;
    /** Chains by name hash; slots are written under the lock and read without it (Known's fields are final). */
    private static final Known[] TABLE = new Known[TABLE_SIZE];
    private static int size;

    /** Where the scratch buffer keeps the serialVersionUID, flags and field count, and a field's code and length. */
    private static final int HEAD = UTF_CHUNK;
    private static final int HEAD_LENGTH = 11;
    private static final int FIELD_HEAD = HEAD + HEAD_LENGTH;
    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[FIELD_HEAD + 3]);

    private DescriptorReader() {
    }

    /** Reads one non-proxy class descriptor from {@code in}, as {@code new ObjectStreamClass().readNonProxy(in)}. */
    static ObjectStreamClass read(final ObjectInputStream in) throws Throwable {
        StreamBytes source = new StreamBytes(in);
        try {
            return read(in, source, SCRATCH.get());
        } finally {
            source.sync();
        }
    }

    private static ObjectStreamClass read(final ObjectInputStream in, final StreamBytes source, final byte[] scratch)
            throws Throwable {
        source.take(2, scratch, FIELD_HEAD);
        int nameLength = ((source.bytes[source.offset] & 0xFF) << 8) | (source.bytes[source.offset + 1] & 0xFF);
        byte[] nameBytes = null;
        int hash = 0;
        Known candidates = null;
        String name;
        if (nameLength <= UTF_CHUNK) {
            source.take(nameLength, scratch, 0);
            byte[] b = source.bytes;
            int at = source.offset;
            hash = hash(b, at, nameLength);
            for (Known k = TABLE[hash & (TABLE_SIZE - 1)]; k != null; k = k.next) {
                if (k.hash == hash && Arrays.equals(k.name, 0, k.name.length, b, at, at + nameLength)) {
                    candidates = k;
                    break;
                }
            }
            if (candidates != null) {
                name = candidates.model.getName();
                nameBytes = candidates.name;
            } else {
                name = decode(b, at, nameLength);
                nameBytes = Arrays.copyOfRange(b, at, at + nameLength);
            }
        } else {
            source.sync();
            name = Engine.readUtfBody(in, nameLength);
            source.resume();
        }

        // serialVersionUID and flags, then the field count, each piece as readNonProxy reads them
        source.take(9, scratch, HEAD);
        System.arraycopy(source.bytes, source.offset, scratch, HEAD, 9);
        long suid = getLong(scratch, HEAD);
        byte flags = scratch[HEAD + 8];
        boolean hasWriteObjectData = (flags & ObjectStreamConstants.SC_WRITE_METHOD) != 0;
        boolean hasBlockExternalData = (flags & ObjectStreamConstants.SC_BLOCK_DATA) != 0;
        boolean externalizable = (flags & ObjectStreamConstants.SC_EXTERNALIZABLE) != 0;
        boolean sflag = (flags & ObjectStreamConstants.SC_SERIALIZABLE) != 0;
        if (externalizable && sflag) {
            throw new InvalidClassException(name, "serializable and externalizable flags conflict");
        }
        boolean isEnum = (flags & ObjectStreamConstants.SC_ENUM) != 0;
        if (isEnum && suid != 0L) {
            throw new InvalidClassException(name, "enum descriptor has non-zero serialVersionUID: " + suid);
        }
        source.take(2, scratch, HEAD + 9);
        System.arraycopy(source.bytes, source.offset, scratch, HEAD + 9, 2);
        int numFields = (short) (((scratch[HEAD + 9] & 0xFF) << 8) | (scratch[HEAD + 10] & 0xFF));
        if (isEnum && numFields != 0) {
            throw new InvalidClassException(name, "enum descriptor has non-zero field count: " + numFields);
        }

        // the variant of this name (variants share the name's bytes) whose head matches, if any
        Known match = candidates;
        while (match != null && !(match.name == nameBytes && Arrays.equals(match.head, 0, HEAD_LENGTH,
                scratch, HEAD, HEAD + HEAD_LENGTH))) {
            match = match.next;
        }
        int count = Math.max(numFields, 0);
        Parsed parsed = match == null ? new Parsed(count) : null;
        int first = 0;
        if (match != null && match.primitivePrefix != null && source.takeIfEqual(match.primitivePrefix)) {
            // the leading primitive fields are the known ones, compared in place in one piece (each taken alone would
            // move the array stream exactly as far, and read nothing through the stream either)
            first = match.primitivePrefixCount;
        }
        for (int i = first; i < count; i++) {
            source.take(3, scratch, FIELD_HEAD);
            byte[] b = source.bytes;
            int at = source.offset;
            char typeCode = (char) b[at];
            int length = ((b[at + 1] & 0xFF) << 8) | (b[at + 2] & 0xFF);
            String fieldName;
            byte[] fieldNameBytes = null;
            if (length <= UTF_CHUNK) {
                source.take(length, scratch, 0);
                b = source.bytes;
                at = source.offset;
                if (match != null && match.typeCodes[i] == typeCode
                        && Arrays.equals(match.fieldNames[i], 0, match.fieldNames[i].length, b, at, at + length)) {
                    fieldName = match.fieldNameStrings[i];
                    fieldNameBytes = match.fieldNames[i];
                } else {
                    fieldName = decode(b, at, length);
                    fieldNameBytes = Arrays.copyOfRange(b, at, at + length);
                    parsed = Parsed.from(parsed, match, i, count);
                    match = null;
                }
            } else {
                source.sync();
                fieldName = Engine.readUtfBody(in, length);
                source.resume();
                parsed = Parsed.from(parsed, match, i, count);
                match = null;
                parsed.cacheable = false;
            }
            boolean reference = typeCode == 'L' || typeCode == '[';
            String signature = null;
            if (reference) {
                // read by the stream itself, for its handle table; null in a corrupt stream, where the JDK then
                // fails on this field
                source.sync();
                signature = (String) JdkObjectInputStream.READ_TYPE_STRING.invokeExact(in);
                source.resume();
            }
            if (match != null) {
                if (!reference || signature != null && signature.equals(match.signatures[i])) {
                    continue;
                }
                parsed = Parsed.from(parsed, match, i, count);
                match = null;
            }
            parsed.typeCodes[i] = typeCode;
            parsed.fieldNames[i] = fieldNameBytes;
            parsed.fieldNameStrings[i] = fieldName;
            // as readNonProxy: each field is made as soon as it is read, and its failure named
            try {
                parsed.fields[i] = Engine.newField(fieldName, reference ? signature : String.valueOf(typeCode));
            } catch (RuntimeException e) {
                throw (InvalidClassException) new InvalidClassException(name,
                        "invalid descriptor for field " + fieldName).initCause(e);
            }
            parsed.signatures[i] = parsed.fields[i].isPrimitive() ? null : parsed.fields[i].getTypeString();
        }
        if (match != null) {
            // a stream class that overrides resolveClass receives this descriptor: it gets a new object per stream,
            // as from the JDK (an override may key a decision on the object), made without decoding anything again
            return Overrides.RESOLVE_CLASS.get(in.getClass()) ? match.copy() : match.model;
        }
        ObjectStreamClass model = Engine.newModel(name, suid, hasWriteObjectData, hasBlockExternalData,
                externalizable, sflag, isEnum, parsed.fields);
        if (nameBytes != null && parsed.cacheable && count <= MAX_FIELDS) {
            remember(nameBytes, hash, Arrays.copyOfRange(scratch, HEAD, HEAD + HEAD_LENGTH), parsed, model);
        }
        return model;
    }

    /** The fields of a descriptor that matched no known one (so far), made as {@code readNonProxy} makes them. */
    private static final class Parsed {
        final ObjectStreamField[] fields;
        final char[] typeCodes;
        final byte[][] fieldNames;
        final String[] fieldNameStrings;
        final String[] signatures;
        boolean cacheable = true;

        Parsed(final int count) {
            fields = count > 0 ? new ObjectStreamField[count] : ObjectStreamClass.NO_FIELDS;
            typeCodes = new char[count];
            fieldNames = new byte[count][];
            fieldNameStrings = new String[count];
            signatures = new String[count];
        }

        /**
         * The match failed at field {@code index}: the fields before it, equal to the known ones, are made as
         * {@code readNonProxy} would have made them (they cannot fail: the known ones did not).
         */
        static Parsed from(final Parsed parsed, final Known match, final int index, final int count)
                throws Throwable {
            if (parsed != null) {
                return parsed;
            }
            Parsed p = new Parsed(count);
            for (int i = 0; i < index; i++) {
                p.typeCodes[i] = match.typeCodes[i];
                p.fieldNames[i] = match.fieldNames[i];
                p.fieldNameStrings[i] = match.fieldNameStrings[i];
                p.signatures[i] = match.signatures[i];
                p.fields[i] = Engine.newField(match.fieldNameStrings[i], match.signatures[i] != null
                        ? match.signatures[i] : String.valueOf(match.typeCodes[i]));
            }
            return p;
        }
    }

    private static void remember(final byte[] name, final int hash, final byte[] head, final Parsed parsed,
                                 final ObjectStreamClass model) {
        synchronized (TABLE) {
            if (size >= MAX_DESCRIPTORS) {
                return;
            }
            int slot = hash & (TABLE_SIZE - 1);
            int variants = 0;
            for (Known k = TABLE[slot]; k != null; k = k.next) {
                if (k.hash == hash && Arrays.equals(k.name, name)) {
                    if (++variants >= MAX_VARIANTS) {
                        return;
                    }
                }
            }
            // variants of one name share its bytes, which the lookup above relies on
            byte[] sharedName = name;
            for (Known k = TABLE[slot]; k != null; k = k.next) {
                if (k.hash == hash && Arrays.equals(k.name, name)) {
                    sharedName = k.name;
                    break;
                }
            }
            TABLE[slot] = new Known(sharedName, hash, head, parsed.typeCodes, parsed.fieldNames,
                    parsed.fieldNameStrings, parsed.signatures, model, TABLE[slot]);
            size++;
        }
    }

    private static int hash(final byte[] b, final int offset, final int length) {
        int h = 1;
        for (int i = offset; i < offset + length; i++) {
            h = 31 * h + b[i];
        }
        return h;
    }

    private static long getLong(final byte[] b, final int off) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (b[off + i] & 0xFF);
        }
        return v;
    }

    /**
     * Decodes modified UTF-8 as {@code ObjectInputStream}'s reader does for a string it holds whole: one, two and
     * three byte forms (overlong ones accepted), anything else, or a form cut short, is an
     * {@code UTFDataFormatException} without message.
     */
    static String decode(final byte[] b, final int offset, final int length) throws UTFDataFormatException {
        char[] chars = new char[length];
        int n = 0;
        int i = offset;
        int end = offset + length;
        while (i < end) {
            int b1 = b[i] & 0xFF;
            switch (b1 >> 4) {
                case 0, 1, 2, 3, 4, 5, 6, 7 -> {
                    chars[n++] = (char) b1;
                    i++;
                }
                case 12, 13 -> {
                    if (i + 1 >= end || (b[i + 1] & 0xC0) != 0x80) {
                        throw new UTFDataFormatException();
                    }
                    chars[n++] = (char) (((b1 & 0x1F) << 6) | (b[i + 1] & 0x3F));
                    i += 2;
                }
                case 14 -> {
                    if (i + 2 >= end || (b[i + 1] & 0xC0) != 0x80 || (b[i + 2] & 0xC0) != 0x80) {
                        throw new UTFDataFormatException();
                    }
                    chars[n++] = (char) (((b1 & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F));
                    i += 3;
                }
                default -> throw new UTFDataFormatException();
            }
        }
        return new String(chars, 0, n);
    }
}
