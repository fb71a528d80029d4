package dev.serialboost.agent.filter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The {@code record-classes} file: the runtime's recording written out every {@link #PERIOD_SECONDS} seconds while it
 * changes, and at exit, each time whole to a temporary file beside it that then replaces it in one atomic move (a
 * reader never sees half a file). Written by a daemon thread of its own and a shutdown hook; nothing goes to stdout,
 * and a file that cannot be written is said once on stderr.
 */
public final class RecordingFile {

    /** How often the file is rewritten while the recording changes. */
    public static final int PERIOD_SECONDS = 10;

    /** The first line of every recording, which tells it from a filter file. */
    public static final String FIRST_LINE = "# serialboost record-classes, format 1";

    /** The files claimed in this JVM, so that a second start for the same file adds nothing. */
    private static final Set<Path> WRITING = ConcurrentHashMap.newKeySet();

    private final Path file;
    private final Supplier<String> lines;
    private final String writer;
    private final PrintStream err;
    private String written;
    private boolean failureTold;

    private RecordingFile(final Path file, final Supplier<String> lines, final String writer, final PrintStream err) {
        this.file = file;
        this.lines = lines;
        this.writer = writer;
        this.err = err;
    }

    /** Claims {@code file} for a recording; false when this JVM writes a recording there already. */
    public static boolean claim(final Path file) {
        return WRITING.add(file.toAbsolutePath().normalize());
    }

    /**
     * Writes the recording {@code lines} reads to {@code file} (claimed first) from now on.
     *
     * @param writer what wrote it, for the header ({@code serialboost 1.0})
     */
    public static void start(final Path file, final Supplier<String> lines, final String writer,
                             final PrintStream err) {
        RecordingFile recording = new RecordingFile(file.toAbsolutePath().normalize(), lines, writer, err);
        Thread periodic = new Thread(recording::writeEvery, "serialboost-record-classes");
        periodic.setDaemon(true);
        periodic.start();
        Runtime.getRuntime().addShutdownHook(new Thread(recording::write, "serialboost-record-classes-at-exit"));
    }

    private void writeEvery() {
        try {
            while (true) {
                Thread.sleep(PERIOD_SECONDS * 1000L);
                write();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Writes the file when the recording changed since it was last written. */
    synchronized void write() {
        String body;
        try {
            body = lines.get();
        } catch (RuntimeException e) {
            tell("cannot read the recording: " + e);
            return;
        }
        if (body.equals(written)) {
            return;
        }
        String text = FIRST_LINE + ": the classes this JVM deserialized, as its serialization filter saw them\n"
                + "# written " + Instant.now().truncatedTo(ChronoUnit.SECONDS) + " by " + writer + " on Java "
                + Runtime.version() + " (pid " + ProcessHandle.current().pid() + ")\n"
                + "# at most 10000 classes and 1000 stream classes are kept; 'dropped' counts those past that\n"
                + "# make a jdk.serialFilter pattern of it: java -jar serialboost-agent.jar filter " + file + "\n"
                + body;
        try {
            replace(file, text);
            written = body;
        } catch (IOException | RuntimeException e) {
            tell("cannot write " + file + ": " + e);
        }
    }

    /** Writes {@code text} to a temporary file beside {@code file}, then moves it over {@code file} atomically. */
    static void replace(final Path file, final String text) throws IOException {
        Path dir = file.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path temp = Files.createTempFile(dir == null ? Path.of(".") : dir, file.getFileName() + ".", ".tmp");
        try {
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private void tell(final String problem) {
        if (!failureTold) {
            failureTold = true;
            err.println("[serialboost] record-classes: " + problem + "; the recording goes on in memory");
        }
    }
}
