package dev.serialboost.it;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test app: says which JDK runs it ({@code feature=N}), then reads the stream in the file given as argument
 * and prints the {@link GraphDump} of what it read: graph lines, then class lines.
 */
public final class JdkFeatures {

    private JdkFeatures() {
    }

    public static void main(final String[] args) throws Exception {
        System.out.println("feature=" + Runtime.version().feature());
        Object read = StreamFlags.read(Files.readAllBytes(Path.of(args[0])));
        GraphDump dump = new GraphDump();
        dump.graph(read).forEach(System.out::println);
        dump.classLines().forEach(System.out::println);
    }
}
