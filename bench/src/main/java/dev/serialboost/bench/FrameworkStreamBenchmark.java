package dev.serialboost.bench;

import dev.serialboost.bench.framework.FrameworkStream;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The streams frameworks actually use: the subclasses of {@link FrameworkStream} (an overridden {@code resolveClass},
 * own compact class descriptors, class annotations), over the same workload objects and in the same two patterns
 * as {@link JdkStreamBenchmark}. The engine calls such streams' overridden methods exactly as the JDK does, so what
 * it can save there is less than on a bare stream, and these rows show that it still gains.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class FrameworkStreamBenchmark {

    @Param({"RESOLVE_CLASS", "COMPACT_DESCRIPTORS", "ANNOTATE_CLASS"})
    public FrameworkStream stream;

    @Param({"CustomerOrder"})
    public Workload workload;

    private Object one;
    private Object[] batch;
    private byte[] oneBytes;
    private byte[] batchBytes;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        AgentMode.verify(List.of(workload.modelClass()));
        one = workload.one(Form.SERIALIZABLE);
        batch = workload.batch(Form.SERIALIZABLE);
        writeOnePerStream();
        oneBytes = out.toByteArray();
        writeThousandPerStream();
        batchBytes = out.toByteArray();
        out.reset();
    }

    @Benchmark
    public int writeOnePerStream() throws IOException {
        out.reset();
        ObjectOutputStream oos = stream.output(out);
        oos.writeObject(one);
        oos.flush();
        return out.size();
    }

    @Benchmark
    public Object readOnePerStream() throws IOException, ClassNotFoundException {
        return stream.input(new ByteArrayInputStream(oneBytes)).readObject();
    }

    @Benchmark
    @OperationsPerInvocation(Workload.BATCH)
    public int writeThousandPerStream() throws IOException {
        out.reset();
        ObjectOutputStream oos = stream.output(out);
        for (Object o : batch) {
            oos.writeObject(o);
        }
        oos.flush();
        return out.size();
    }

    @Benchmark
    @OperationsPerInvocation(Workload.BATCH)
    public Object readThousandPerStream(final Blackhole bh) throws IOException, ClassNotFoundException {
        ObjectInputStream in = stream.input(new ByteArrayInputStream(batchBytes));
        for (int i = 1; i < Workload.BATCH; i++) {
            bh.consume(in.readObject());
        }
        return in.readObject();
    }

    /** What the write methods write and the read methods must give back (for {@link SelfCheck}). */
    Object[] expected() {
        return new Object[] {one, batch[batch.length - 1]};
    }

    /** The bytes the last write method wrote (for {@link SelfCheck}, which compares them across modes). */
    byte[] written() {
        return out.toByteArray();
    }
}

// How to run it by hand, without and with the agent's default:
//   java -jar bench/target/benchmarks.jar FrameworkStreamBenchmark -p stream=RESOLVE_CLASS
//   java -jar bench/target/benchmarks.jar FrameworkStreamBenchmark -p stream=RESOLVE_CLASS \
//        -jvmArgsPrepend -javaagent:agent/target/serialboost-agent.jar
