package dev.serialboost.transformer;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The digests the transformer computes per converted class (its default serialVersionUID, the fingerprints of its
 * levels), from one instance of each algorithm looked up once and copied per use: {@code MessageDigest.getInstance}
 * searches the security providers every time, which cost more than the digest itself. Loaded, and the providers
 * asked, when the first class is converted, not before.
 */
final class Digests {

    private static final MessageDigest SHA_1 = instance("SHA");
    private static final MessageDigest SHA_256 = instance("SHA-256");

    private Digests() {
    }

    /** SHA-1, as {@code ObjectStreamClass.computeDefaultSUID} uses it ({@code MessageDigest.getInstance("SHA")}). */
    static byte[] sha1(final byte[] input) {
        return copy(SHA_1, "SHA").digest(input);
    }

    static byte[] sha256(final byte[] input) {
        return copy(SHA_256, "SHA-256").digest(input);
    }

    private static MessageDigest copy(final MessageDigest prototype, final String algorithm) {
        try {
            return (MessageDigest) prototype.clone();
        } catch (CloneNotSupportedException e) {
            return instance(algorithm); // a provider whose digest cannot be copied: look it up each time
        }
    }

    private static MessageDigest instance(final String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is a required JDK algorithm", e);
        }
    }
}
