package dev.serialboost.crossjvm;

import java.io.FileOutputStream;
import java.io.ObjectOutputStream;

/** Writes {@link BulkShapes#samples()} to the file named by the first argument, in one stream. */
public final class BulkWriter {

    private BulkWriter() {
    }

    public static void main(final String[] args) throws Exception {
        try (ObjectOutputStream out = new ObjectOutputStream(new FileOutputStream(args[0]))) {
            out.writeObject(BulkShapes.samples());
        }
    }
}
