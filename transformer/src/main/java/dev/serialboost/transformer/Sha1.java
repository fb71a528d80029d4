package dev.serialboost.transformer;

/**
 * SHA-1 (FIPS 180-4), which {@code ObjectStreamClass.computeDefaultSUID} takes the default serialVersionUID from.
 * Computed here rather than through {@code MessageDigest}: the first {@code MessageDigest.getInstance} sets up the
 * security providers (measured: about 10 ms of a class path's load, at the first converted class), and the JDK's
 * digest reads its input through {@code VarHandle}s, which are slow until compiled; the inputs here are a few hundred
 * bytes per converted class that declares no serialVersionUID, hashed once, while classes load.
 */
final class Sha1 {

    private Sha1() {
    }

    /** The 20-byte SHA-1 digest of {@code input}. */
    static byte[] digest(final byte[] input) {
        return digest(input, input.length);
    }

    /** The 20-byte SHA-1 digest of the first {@code length} bytes of {@code input}. */
    static byte[] digest(final byte[] input, final int length) {
        int[] h = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
        int[] w = new int[80];
        int full = length / 64;
        for (int block = 0; block < full; block++) {
            compress(h, w, input, block * 64);
        }
        // the rest of the message, a 1 bit, zeros, and the length in bits as a big-endian long: one or two blocks
        int rest = length - full * 64;
        byte[] tail = new byte[rest + 9 <= 64 ? 64 : 128];
        System.arraycopy(input, full * 64, tail, 0, rest);
        tail[rest] = (byte) 0x80;
        long bits = (long) length * 8;
        for (int i = 0; i < 8; i++) {
            tail[tail.length - 1 - i] = (byte) (bits >>> (8 * i));
        }
        for (int at = 0; at < tail.length; at += 64) {
            compress(h, w, tail, at);
        }
        byte[] out = new byte[20];
        for (int i = 0; i < 20; i++) {
            out[i] = (byte) (h[i / 4] >>> (24 - 8 * (i % 4)));
        }
        return out;
    }

    /**
     * One 64-byte block into the state {@code h}, {@code w} the message schedule's space. A method of its own, and the
     * rounds in four loops without a branch on the round, so that it is compiled after a few classes' digests and costs
     * the interpreter little before that.
     */
    private static void compress(final int[] h, final int[] w, final byte[] data, final int at) {
        for (int t = 0; t < 16; t++) {
            int i = at + 4 * t;
            w[t] = (data[i] & 0xFF) << 24 | (data[i + 1] & 0xFF) << 16 | (data[i + 2] & 0xFF) << 8 | (data[i + 3] & 0xFF);
        }
        for (int t = 16; t < 80; t++) {
            w[t] = Integer.rotateLeft(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
        }
        int a = h[0];
        int b = h[1];
        int c = h[2];
        int d = h[3];
        int e = h[4];
        for (int t = 0; t < 20; t++) {
            int next = Integer.rotateLeft(a, 5) + ((b & c) | (~b & d)) + e + 0x5A827999 + w[t];
            e = d;
            d = c;
            c = Integer.rotateLeft(b, 30);
            b = a;
            a = next;
        }
        for (int t = 20; t < 40; t++) {
            int next = Integer.rotateLeft(a, 5) + (b ^ c ^ d) + e + 0x6ED9EBA1 + w[t];
            e = d;
            d = c;
            c = Integer.rotateLeft(b, 30);
            b = a;
            a = next;
        }
        for (int t = 40; t < 60; t++) {
            int next = Integer.rotateLeft(a, 5) + ((b & c) | (b & d) | (c & d)) + e + 0x8F1BBCDC + w[t];
            e = d;
            d = c;
            c = Integer.rotateLeft(b, 30);
            b = a;
            a = next;
        }
        for (int t = 60; t < 80; t++) {
            int next = Integer.rotateLeft(a, 5) + (b ^ c ^ d) + e + 0xCA62C1D6 + w[t];
            e = d;
            d = c;
            c = Integer.rotateLeft(b, 30);
            b = a;
            a = next;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
    }
}
