package dev.serialboost.transformer.converted;

import java.util.Arrays;

/** A growable byte array, big-endian: the parts of a class file {@link ClassFileAppender} writes. */
final class ClassFileBytes {
    byte[] data;
    int length;

    ClassFileBytes(final int capacity) {
        data = new byte[capacity];
    }

    private void ensure(final int more) {
        if (length + more > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, length + more));
        }
    }

    ClassFileBytes putByte(final int b) {
        ensure(1);
        data[length++] = (byte) b;
        return this;
    }

    ClassFileBytes putShort(final int s) {
        ensure(2);
        data[length++] = (byte) (s >>> 8);
        data[length++] = (byte) s;
        return this;
    }

    ClassFileBytes putInt(final int i) {
        ensure(4);
        putIntAt(length, i);
        length += 4;
        return this;
    }

    void putIntAt(final int at, final int i) {
        data[at] = (byte) (i >>> 24);
        data[at + 1] = (byte) (i >>> 16);
        data[at + 2] = (byte) (i >>> 8);
        data[at + 3] = (byte) i;
    }

    ClassFileBytes putBytes(final byte[] bytes, final int from, final int count) {
        ensure(count);
        System.arraycopy(bytes, from, data, length, count);
        length += count;
        return this;
    }

    /** A {@code CONSTANT_Utf8}'s length and modified UTF-8 bytes. */
    ClassFileBytes putUtf8(final String s, final String className) {
        int bytes = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            bytes += c >= 0x0001 && c <= 0x007F ? 1 : c <= 0x07FF ? 2 : 3;
        }
        if (bytes > 0xFFFF) {
            throw new IllegalStateException("a string of " + bytes + " bytes in the constant pool of " + className);
        }
        putShort(bytes);
        ensure(bytes);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x0001 && c <= 0x007F) {
                data[length++] = (byte) c;
            } else if (c <= 0x07FF) {
                data[length++] = (byte) (0xC0 | (c >> 6) & 0x1F);
                data[length++] = (byte) (0x80 | c & 0x3F);
            } else {
                data[length++] = (byte) (0xE0 | (c >> 12) & 0x0F);
                data[length++] = (byte) (0x80 | (c >> 6) & 0x3F);
                data[length++] = (byte) (0x80 | c & 0x3F);
            }
        }
        return this;
    }
}
