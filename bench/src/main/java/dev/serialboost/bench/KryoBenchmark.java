package dev.serialboost.bench;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
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
import org.objenesis.strategy.StdInstantiatorStrategy;
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

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.concurrent.TimeUnit;

/**
 * Reference row: Kryo 5 on the same plain model objects, set up as its documentation recommends: one
 * {@code Kryo} per thread, registration required (every class registered), reference tracking only where the
 * graph needs it (the Employee supervisors, the Sample self-reference, the CustomerOrder lines' back-references),
 * Objenesis as the fallback instantiator (Order has no no-arg constructor). Needs source changes and has its own
 * wire format.
 *
 * <p>A "stream" is one {@code Output}/{@code Input}: with auto-reset off, references are tracked across the
 * {@value Workload#BATCH} objects of a journal (as one {@code ObjectOutputStream} does) and cleared by
 * {@code kryo.reset()} when the stream ends. Objects are written with their class ({@code writeClassAndObject}),
 * as the JDK stream does. The 1,000-object methods report time per object.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class KryoBenchmark {

    @Param({"MarketData", "Employee", "Order", "Sample", "CustomerOrder", "Position", "Chain"})
    public Workload workload;

    private Kryo kryo;
    private Object one;
    private Object[] batch;
    private byte[] oneBytes;
    private byte[] batchBytes;
    private final Output output = new Output(1 << 16, -1);
    private final Input input = new Input();

    /** The Kryo set-up for one workload. */
    static Kryo kryo(final Workload workload) {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(workload.sharedReferences());
        kryo.setAutoReset(false);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        kryo.register(MarketData.class);
        kryo.register(Employee.class);
        kryo.register(Order.class);
        kryo.register(Sample.class);
        kryo.register(CustomerOrder.class);
        kryo.register(Position.class);
        kryo.register(ChainNode.class);
        kryo.register(Customer.class);
        kryo.register(Address.class);
        kryo.register(OrderLine.class);
        kryo.register(OrderStatus.class);
        kryo.register(ArrayList.class);
        kryo.register(HashMap.class);
        kryo.register(Date.class);
        kryo.register(LocalDate.class);
        kryo.register(BigDecimal.class);
        kryo.register(double[].class);
        kryo.register(long[].class);
        return kryo;
    }

    @Setup(Level.Trial)
    public void setUp() {
        kryo = kryo(workload);
        one = workload.one(Form.SERIALIZABLE);
        batch = workload.batch(Form.SERIALIZABLE);
        oneBytes = bytes(writeOnePerStream());
        batchBytes = bytes(writeThousandPerStream());
    }

    private byte[] bytes(final int length) {
        byte[] b = new byte[length];
        System.arraycopy(output.getBuffer(), 0, b, 0, length);
        return b;
    }

    @Benchmark
    public int writeOnePerStream() {
        output.reset();
        kryo.writeClassAndObject(output, one);
        kryo.reset();
        return output.position();
    }

    @Benchmark
    public Object readOnePerStream() {
        input.setBuffer(oneBytes);
        Object o = kryo.readClassAndObject(input);
        kryo.reset();
        return o;
    }

    @Benchmark
    @OperationsPerInvocation(Workload.BATCH)
    public int writeThousandPerStream() {
        output.reset();
        for (Object o : batch) {
            kryo.writeClassAndObject(output, o);
        }
        kryo.reset();
        return output.position();
    }

    @Benchmark
    @OperationsPerInvocation(Workload.BATCH)
    public Object readThousandPerStream(final Blackhole bh) {
        input.setBuffer(batchBytes);
        for (int i = 1; i < Workload.BATCH; i++) {
            bh.consume(kryo.readClassAndObject(input));
        }
        Object last = kryo.readClassAndObject(input);
        kryo.reset();
        return last;
    }

    /** What the write methods write and the read methods must give back (for {@link SelfCheck}). */
    Object[] expected() {
        return new Object[] {one, batch[batch.length - 1]};
    }
}

// How to run it (reference rows only, no agent):
//   java -jar bench/target/benchmarks.jar KryoBenchmark -p workload=Employee
