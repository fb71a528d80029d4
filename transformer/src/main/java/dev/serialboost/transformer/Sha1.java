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
        int[] h = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
        // the message, a 1 bit, zeros, and the length in bits as a big-endian long: a multiple of 64 bytes
        int blocks = (input.length + 8) / 64 + 1;
        byte[] padded = new byte[blocks * 64];
        System.arraycopy(input, 0, padded, 0, input.length);
        padded[input.length] = (byte) 0x80;
        long bits = (long) input.length * 8;
        for (int i = 0; i < 8; i++) {
            padded[padded.length - 1 - i] = (byte) (bits >>> (8 * i));
        }
        int[] w = new int[80];
        for (int block = 0; block < blocks; block++) {
            int at = block * 64;
            for (int t = 0; t < 16; t++) {
                int i = at + 4 * t;
                w[t] = (padded[i] & 0xFF) << 24 | (padded[i + 1] & 0xFF) << 16 | (padded[i + 2] & 0xFF) << 8
                        | (padded[i + 3] & 0xFF);
            }
            for (int t = 16; t < 80; t++) {
                w[t] = Integer.rotateLeft(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
            }
            int a = h[0];
            int b = h[1];
            int c = h[2];
            int d = h[3];
            int e = h[4];
            for (int t = 0; t < 80; t++) {
                int f;
                int k;
                if (t < 20) {
                    f = (b & c) | (~b & d);
                    k = 0x5A827999;
                } else if (t < 40) {
                    f = b ^ c ^ d;
                    k = 0x6ED9EBA1;
                } else if (t < 60) {
                    f = (b & c) | (b & d) | (c & d);
                    k = 0x8F1BBCDC;
                } else {
                    f = b ^ c ^ d;
                    k = 0xCA62C1D6;
                }
                int next = Integer.rotateLeft(a, 5) + f + e + k + w[t];
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
        byte[] out = new byte[20];
        for (int i = 0; i < 20; i++) {
            out[i] = (byte) (h[i / 4] >>> (24 - 8 * (i % 4)));
        }
        return out;
    }
}
