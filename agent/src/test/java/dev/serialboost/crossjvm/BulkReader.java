package dev.serialboost.crossjvm;

import java.io.Externalizable;
import java.io.FileInputStream;
import java.io.ObjectInputStream;
import java.util.List;

/** Reads the stream written by {@link BulkWriter} and prints {@link BulkShapes#dump} of what arrived. */
public final class BulkReader {

    private BulkReader() {
    }

    public static void main(final String[] args) throws Exception {
        try (ObjectInputStream in = new ObjectInputStream(new FileInputStream(args[0]))) {
            List<?> objects = (List<?>) in.readObject();
            System.out.print(BulkShapes.dump(objects));
            System.out.println("externalizable=" + (objects.get(0) instanceof Externalizable));
        }
    }
}
