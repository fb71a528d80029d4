package dev.serialboost.crossjvm;

import dev.serialboost.it.GraphDump;

import java.io.FileInputStream;
import java.io.ObjectInputStream;
import java.util.List;

/**
 * Reads the stream written by {@link BulkWriter} and prints {@link BulkShapes#dump} of what arrived, then what the
 * first object's class is in this JVM ({@link GraphDump#kind}).
 */
public final class BulkReader {

    private BulkReader() {
    }

    public static void main(final String[] args) throws Exception {
        try (ObjectInputStream in = new ObjectInputStream(new FileInputStream(args[0]))) {
            List<?> objects = (List<?>) in.readObject();
            System.out.print(BulkShapes.dump(objects));
            System.out.println(GraphDump.kind(objects.get(0).getClass()));
        }
    }
}
