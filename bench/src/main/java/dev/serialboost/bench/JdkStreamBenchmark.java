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
 * The subject of the whole bench: unchanged legacy code, {@code ObjectOutputStream} / {@code ObjectInputStream}
 * over the workload objects. {@code form=SERIALIZABLE} is the plain {@code Serializable} model, run by
 * {@link BenchRunner} in JVMs of every {@link AgentMode} (no agent, the agent's default engine layer, the converted
 * format with and without the engine); {@code form=HANDWRITTEN} is the hand-written {@code Externalizable} twin (a
 * source change), a reference row run without the agent.
 *
 * <p>Two patterns: one object per new stream (RMI, caches, session stores: the stream header, class
 * descriptors and handle tables are paid per message) and {@value Workload#BATCH} objects in one stream
 * (a journal: descriptors are written once, shared references become handles). The 1,000-object methods
 * report time per object ({@code @OperationsPerInvocation}). Write methods return the bytes written (also the
 * size the report shows); read methods read bytes prepared in {@link #setUp} and return the (last) object read.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class JdkStreamBenchmark {

    @Param({"MarketData", "Employee", "Order", "Sample", "CustomerOrder", "Position", "Chain"})
    public Workload workload;

    @Param({"SERIALIZABLE", "HANDWRITTEN"})
    public Form form;

    private Object one;
    private Object[] batch;
    private byte[] oneBytes;
    private byte[] batchBytes;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        if (form == Form.SERIALIZABLE) {
            AgentMode.verify(List.of(workload.modelClass()));
        } else if (!workload.handWritten()) {
            throw new IllegalStateException(workload + " has no hand-written twin");
        }
        one = workload.one(form);
        batch = workload.batch(form);
        writeOnePerStream();
        oneBytes = out.toByteArray();
        writeThousandPerStream();
        batchBytes = out.toByteArray();
        out.reset();
    }

    @Benchmark
    public int writeOnePerStream() throws IOException {
        out.reset();
        ObjectOutputStream oos = new ObjectOutputStream(out);
        oos.writeObject(one);
        oos.flush();
        return out.size();
    }

    @Benchmark
    public Object readOnePerStream() throws IOException, ClassNotFoundException {
        return new ObjectInputStream(new ByteArrayInputStream(oneBytes)).readObject();
    }

    @Benchmark
    @OperationsPerInvocation(Workload.BATCH)
    public int writeThousandPerStream() throws IOException {
        out.reset();
        ObjectOutputStream oos = new ObjectOutputStream(out);
        for (Object o : batch) {
            oos.writeObject(o);
        }
        oos.flush();
        return out.size();
    }

    @Benchmark
    @OperationsPerInvocation(Workload.BATCH)
    public Object readThousandPerStream(final Blackhole bh) throws IOException, ClassNotFoundException {
        ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(batchBytes));
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

// How to run it:
//   ./bench.sh --quick        the before/after run: this class in every agent mode, plus the reference rows, in one
//                             invocation; writes docs/benchmarks.md
// The agent's default (engine layer) by hand:
//   java -jar bench/target/benchmarks.jar JdkStreamBenchmark -p workload=MarketData -p form=SERIALIZABLE \
//        -jvmArgsPrepend -javaagent:agent/target/serialboost-agent.jar -prof gc
// The converted format by hand (the agent must leave JMH's own classes plain, whose host JVM has no agent):
//   echo 'exclude org.openjdk.jmh.**' > /tmp/jmh.conf
//   java -jar bench/target/benchmarks.jar JdkStreamBenchmark -p workload=MarketData -p form=SERIALIZABLE \
//        -jvmArgsPrepend "-javaagent:agent/target/serialboost-agent.jar=config=/tmp/jmh.conf,convert=all,summary=true" \
//        -prof gc
