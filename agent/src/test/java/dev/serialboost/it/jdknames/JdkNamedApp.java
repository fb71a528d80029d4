package dev.serialboost.it.jdknames;

import dev.serialboost.it.GraphDump;
import dev.serialboost.it.StreamFlags;

import java.io.IOException;
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
        CacheEntry back = (CacheEntry) StreamFlags.read(StreamFlags.write(entry));
        System.out.println(back.key + " " + back.version + " " + GraphDump.kind(CacheEntry.class));
    }
}
