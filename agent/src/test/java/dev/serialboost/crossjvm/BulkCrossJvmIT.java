package dev.serialboost.crossjvm;

import dev.serialboost.agent.JvmRunner;
import dev.serialboost.it.StreamFlags;
import dev.serialboost.testing.Converted;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bulk record across JVMs whose field layouts differ: a JVM with the agent writes all-primitive
 * objects (in the converted layout on the wire), another JVM with the agent reads them into its converted classes
 * (still not {@code Externalizable} to the program), and what arrives must be exactly what plain JDK serialization
 * gives. JDK 17, 21 and 25 fill the header gap with an int (those classes are copied
 * field-mapped); compact object headers on JDK 25 leave no gap (the same classes are copied straight).
 */
class BulkCrossJvmIT {

    private static final Path AGENT = Path.of(System.getProperty("serialboost.agent.jar", "target/serialboost-agent.jar"));
    private static final Path CLASSES = Path.of("target/test-classes");
    /** The transformer's test classes, for {@code dev.serialboost.testing.Converted} in the reader. */
    private static final Path TESTING = JvmRunner.locationOf(Converted.class);
    private static final List<String> BULK_CLASSES = List.of("MarketData", "LongInt", "Mixed", "Parent", "Child",
            "FinalPrimitives");

    /** A JVM to run: a JDK and extra flags. */
    record Jvm(String label, Jdk jdk, List<String> flags) {
        Jvm(final Jdk jdk) {
            this(jdk.label(), jdk, List.of());
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /**
     * Writer and reader pairs over the JDKs of {@link Jdk#all()}: the running JDK with itself, each JDK with every
     * other both ways, each JDK without compact object headers with 25 with them (a JDK 24+ flag) both ways, and a
     * reader on 25 that also denies {@code sun.misc.Unsafe} memory access.
     */
    static Stream<Arguments> writerAndReader() {
        List<Jvm> plain = Jdk.all().map(Jvm::new).toList();
        Jdk jdk25 = Jdk.jdk25();
        Jvm compact = new Jvm(jdk25.label() + " compact headers", jdk25, List.of("-XX:+UseCompactObjectHeaders"));
        Jvm deny = new Jvm(jdk25.label() + " compact headers, sun.misc.Unsafe denied", jdk25,
                List.of("-XX:+UseCompactObjectHeaders", "--sun-misc-unsafe-memory-access=deny"));
        List<Arguments> pairs = new ArrayList<>();
        pairs.add(Arguments.of(plain.get(0), plain.get(0)));
        for (int w = 0; w < plain.size(); w++) {
            for (int r = 0; r < plain.size(); r++) {
                if (w != r) {
                    pairs.add(Arguments.of(plain.get(w), plain.get(r)));
                }
            }
        }
        for (Jvm other : plain) {
            pairs.add(Arguments.of(other, compact));
            pairs.add(Arguments.of(compact, other));
        }
        pairs.add(Arguments.of(plain.get(0), deny));
        return pairs.stream();
    }

    @ParameterizedTest(name = "{0} writes, {1} reads")
    @MethodSource("writerAndReader")
    void readerWithAnotherLayoutReadsWhatPlainJdkReads(final Jvm writer, final Jvm reader, @TempDir final Path dir)
            throws Exception {
        writer.jdk().assumeInstalled();
        reader.jdk().assumeInstalled();
        Path stream = dir.resolve("samples.ser");

        Result written = run(writer, "convert=all,verbose=true,summary=true", BulkWriter.class.getName(),
                stream.toString());
        for (String cls : BULK_CLASSES) {
            assertTrue(written.stderr.stream().anyMatch(l -> l.contains("BulkShapes$" + cls + " converted")
                            && l.contains("fields copied as one")),
                    writer + " did not write " + cls + " as a bulk record:\n" + written);
        }

        byte[] bytes = Files.readAllBytes(stream);
        for (String cls : BULK_CLASSES) {
            assertEquals(StreamFlags.CONVERTED_LAYOUT, StreamFlags.flags(bytes, BulkShapes.class.getName() + "$" + cls),
                    writer + " did not write " + cls + " in the converted layout (SC_EXTERNALIZABLE |"
                            + " SC_WRITE_METHOD)");
        }

        Result read = run(reader, "convert=all,summary=true", BulkReader.class.getName(), stream.toString());
        assertEquals(plainJdkDump() + "externalizable=false converted=true\n", read.stdout,
                reader + " read other values:\n" + read);
    }

    /** What plain JDK serialization gives for the samples, in this (agent-free) JVM. */
    private static String plainJdkDump() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(BulkShapes.samples());
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return BulkShapes.dump((List<?>) in.readObject());
        }
    }

    private record Result(int exit, String stdout, List<String> stderr) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + stdout + "--- stderr\n" + String.join("\n", stderr);
        }
    }

    /** Runs a main class with the agent; requires exit 0, only agent lines on stderr, and errors=0. */
    private static Result run(final Jvm jvm, final String agentArgs, final String main, final String arg)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(jvm.jdk().java().toString());
        command.addAll(jvm.flags());
        command.add("-javaagent:" + AGENT.toAbsolutePath() + "=" + agentArgs);
        command.addAll(List.of("-cp", CLASSES.toAbsolutePath() + java.io.File.pathSeparator + TESTING, main, arg));
        Process p = new ProcessBuilder(command).start();
        p.getOutputStream().close();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        Result r = new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList());
        assertEquals(0, r.exit, jvm + " failed:\n" + r);
        for (String line : r.stderr) {
            assertTrue(line.startsWith("[serialboost] ") && !line.startsWith("[serialboost] error")
                            && !line.startsWith("[serialboost] warning") && !line.contains("configuration error"),
                    jvm + " printed something other than the agent's own lines:\n" + r);
        }
        assertTrue(r.stderr.stream().anyMatch(l -> l.contains("summary:") && l.contains(" errors=0 ")),
                jvm + " reported transformation errors:\n" + r);
        return r;
    }
}
