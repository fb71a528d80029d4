package dev.serialboost.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real client of Java serialization, unchanged: a file journal, as an application appends its records to a file
 * and replays them. {@value Workload#BATCH} business graphs are appended through one {@code ObjectOutputStream} over
 * a {@code BufferedOutputStream} on a {@code FileOutputStream} in a temporary directory, the file closed, then read
 * back through an {@code ObjectInputStream} over a {@code BufferedInputStream}: a round trip per object
 * ({@code @OperationsPerInvocation}), the file system included (the page cache, in practice: the file is small and
 * rewritten in place).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class JournalBenchmark {

    @Param({"CustomerOrder"})
    public Workload workload;

    private Object[] batch;
    private Path directory;
    private Path journal;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        AgentMode.verify(List.of(workload.modelClass()));
        batch = workload.batch(Form.SERIALIZABLE);
        directory = Files.createTempDirectory("serialboost-journal");
        journal = directory.resolve("journal.ser");
    }

    /** Appends the records to the journal, closes it, and replays it; returns the last record read. */
    @Benchmark
    @OperationsPerInvocation(Workload.BATCH)
    public Object roundTripThousand(final Blackhole bh) throws IOException, ClassNotFoundException {
        try (ObjectOutputStream out = new ObjectOutputStream(new BufferedOutputStream(
                new FileOutputStream(journal.toFile())))) {
            for (Object record : batch) {
                out.writeObject(record);
            }
        }
        try (ObjectInputStream in = new ObjectInputStream(new BufferedInputStream(
                new FileInputStream(journal.toFile())))) {
            for (int i = 1; i < batch.length; i++) {
                bh.consume(in.readObject());
            }
            return in.readObject();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (journal != null) {
            Files.deleteIfExists(journal);
        }
        if (directory != null) {
            Files.deleteIfExists(directory);
        }
    }

    /** What the round trip must give back last (for {@link SelfCheck}). */
    Object[] expected() {
        return new Object[] {null, batch[batch.length - 1]};
    }
}

// How to run it by hand, without and with the agent's default:
//   java -jar bench/target/benchmarks.jar JournalBenchmark
//   java -jar bench/target/benchmarks.jar JournalBenchmark -jvmArgsPrepend -javaagent:agent/target/serialboost-agent.jar
