package dev.serialboost.it.jdknames;

import dev.serialboost.it.GraphDump;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import javax.cache.sbtest.CacheEntry;

/**
 * Round-trips a {@code javax.cache.sbtest.CacheEntry}, a class of the application in a package named like the
 * JDK's, and prints {@code KEY VERSION kind}.
 */
public final class JdkNamedApp {

    private JdkNamedApp() {
    }

    public static void main(final String[] args) throws IOException, ClassNotFoundException {
        CacheEntry entry = new CacheEntry();
        entry.key = "k";
        entry.version = 7;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(entry);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            CacheEntry back = (CacheEntry) in.readObject();
            System.out.println(back.key + " " + back.version + " " + GraphDump.kind(CacheEntry.class));
        }
    }
}
