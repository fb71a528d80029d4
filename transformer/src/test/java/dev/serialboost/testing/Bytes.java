package dev.serialboost.testing;

/** Searching serialized streams for the bytes a test expects in them. */
public final class Bytes {

    private Bytes() {
    }

    /** Where {@code what} first occurs in {@code stream} at or after {@code from}; fails when it does not. */
    public static int indexOf(final byte[] stream, final byte[] what, final int from) {
        outer:
        for (int i = from; i + what.length <= stream.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (stream[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new IllegalStateException("not in the stream");
    }
}
