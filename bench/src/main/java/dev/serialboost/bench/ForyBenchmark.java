package dev.serialboost.bench;

import dev.serialboost.bench.model.Address;
import dev.serialboost.bench.model.ChainNode;
import dev.serialboost.bench.model.Customer;
import dev.serialboost.bench.model.CustomerOrder;
import dev.serialboost.bench.model.Position;
import dev.serialboost.bench.model.Employee;
import dev.serialboost.bench.model.MarketData;
import dev.serialboost.bench.model.Order;
import dev.serialboost.bench.model.OrderLine;
import dev.serialboost.bench.model.OrderStatus;
import dev.serialboost.bench.model.Sample;
import org.apache.fory.Fory;
import org.apache.fory.config.Language;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.fory.memory.MemoryUtils;
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

import java.util.concurrent.TimeUnit;

/**
 * Reference row: Apache Fory on the same plain model objects, set up as its documentation recommends for
 * Java-only use: native (Java) mode, one {@code Fory} per thread, class registration required, reference
 * tracking only where the graph needs it (the Employee supervisors, the Sample self-reference, the CustomerOrder
 * lines' back-references). Fory generates its serializers at run time (warm-up covers it). Needs source changes
 * and has its own wire format.
 *
 * <p>Fory tracks references within one {@code serialize} call, so the {@value Workload#BATCH}-object journal
 * is one call on an {@code Object[]} (objects shared between records stay shared, as in one
 * {@code ObjectOutputStream}). The 1,000-object methods report time per object.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ForyBenchmark {

    @Param({"MarketData", "Employee", "Order", "Sample", "CustomerOrder", "Position", "Chain"})
    public Workload workload;

    /** Deep enough for {@link Workload#Chain}, one level a node. */
    static final int MAX_DEPTH = 2 * Workload.CHAIN_LENGTH;

    private Fory fory;
    private Object one;
    private Object[] batch;
    private byte[] oneBytes;
    private byte[] batchBytes;
    private final MemoryBuffer buffer = MemoryUtils.buffer(1 << 16);

    /** The Fory set-up for one workload. */
    static Fory fory(final Workload workload) {
        Fory fory = Fory.builder()
                .withLanguage(Language.JAVA)
                .requireClassRegistration(true)
                .withRefTracking(workload.sharedReferences())
                // Fory refuses graphs deeper than 50 by default (a guard against hostile data); the chain is deeper
                .withMaxDepth(MAX_DEPTH)
                .build();
        fory.register(MarketData.class);
        fory.register(Employee.class);
        fory.register(Order.class);
        fory.register(Sample.class);
        fory.register(CustomerOrder.class);
        fory.register(Position.class);
        fory.register(ChainNode.class);
        fory.register(Customer.class);
        fory.register(Address.class);
        fory.register(OrderLine.class);
        fory.register(OrderStatus.class);
        return fory;
    }

    @Setup(Level.Trial)
    public void setUp() {
        fory = fory(workload);
        one = workload.one(Form.SERIALIZABLE);
        batch = workload.batch(Form.SERIALIZABLE);
        oneBytes = buffer.getBytes(0, writeOnePerStream());
        batchBytes = buffer.getBytes(0, writeThousandPerStream());
    }

    @Benchmark
    public int writeOnePerStream() {
        buffer.writerIndex(0);
        fory.serialize(buffer, one);
        return buffer.writerIndex();
    }

    @Benchmark
    public Object readOnePerStream() {
        return fory.deserialize(oneBytes);
    }

    @Benchmark
    @OperationsPerInvocation(Workload.BATCH)
    public int writeThousandPerStream() {
        buffer.writerIndex(0);
        fory.serialize(buffer, batch);
        return buffer.writerIndex();
    }

    @Benchmark
    @OperationsPerInvocation(Workload.BATCH)
    public Object readThousandPerStream(final Blackhole bh) {
        Object[] all = (Object[]) fory.deserialize(batchBytes);
        for (int i = 0; i < all.length - 1; i++) {
            bh.consume(all[i]);
        }
        return all[all.length - 1];
    }

    /** What the write methods write and the read methods must give back (for {@link SelfCheck}). */
    Object[] expected() {
        return new Object[] {one, batch[batch.length - 1]};
    }
}

// How to run it (reference rows only, no agent):
//   java -jar bench/target/benchmarks.jar ForyBenchmark -p workload=Sample
