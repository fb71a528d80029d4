package dev.serialboost.testing;

import java.util.ArrayList;
import java.util.List;

/** Searching serialized streams for the bytes a test expects in them. */
public final class Bytes {

    private Bytes() {
    }

    /** Where {@code what} first occurs in {@code stream} at or after {@code from}, or -1. */
    public static int find(final byte[] stream, final byte[] what, final int from) {
        outer:
        for (int i = from; i + what.length <= stream.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (stream[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** Where {@code what} first occurs in {@code stream} at or after {@code from}; fails when it does not. */
    public static int indexOf(final byte[] stream, final byte[] what, final int from) {
        int at = find(stream, what, from);
        if (at < 0) {
            throw new IllegalStateException("not in the stream");
        }
        return at;
    }

    /** Every place {@code what} starts in {@code stream}, overlapping ones included. */
    public static List<Integer> indexesOf(final byte[] stream, final byte[] what) {
        List<Integer> at = new ArrayList<>();
        for (int i = find(stream, what, 0); i >= 0; i = find(stream, what, i + 1)) {
            at.add(i);
        }
        return at;
    }
}
