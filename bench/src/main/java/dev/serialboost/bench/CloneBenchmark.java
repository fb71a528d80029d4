package dev.serialboost.bench;

import org.apache.commons.lang3.SerializationUtils;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real client of Java serialization, unchanged: commons-lang3's {@code SerializationUtils.clone}, the deep copy
 * many applications make with it. It writes the object to a byte array through a plain {@code ObjectOutputStream}
 * and reads it back through its own {@code ObjectInputStream} subclass, which overrides {@code resolveClass} (the
 * object's class loader first, then the thread's context loader). Two shapes: the business graph, and an
 * {@code ArrayList} of {@value #LIST} of them (100 different customers). commons-lang3's classes stay plain in the
 * converting modes: the runner's rules file excludes {@code org.apache.commons.lang3.**}, as a user would who converts
 * their own classes only.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class CloneBenchmark {

    /** Objects in the cloned list. */
    static final int LIST = 100;

    @Param({"CustomerOrder"})
    public Workload workload;

    private Serializable one;
    private ArrayList<Object> list;

    @Setup(Level.Trial)
    public void setUp() {
        AgentMode.verify(List.of(workload.modelClass()));
        Object[] batch = workload.batch(Form.SERIALIZABLE);
        one = (Serializable) batch[0];
        list = new ArrayList<>(Arrays.asList(batch).subList(0, LIST));
    }

    /** One deep copy of the business graph. */
    @Benchmark
    public Object cloneOne() {
        return SerializationUtils.clone(one);
    }

    /** One deep copy of a list of {@value #LIST} business graphs (the time of the whole list). */
    @Benchmark
    public Object cloneHundred() {
        return SerializationUtils.clone(list);
    }

    /** What the clone methods must give back (for {@link SelfCheck}). */
    Object[] expected() {
        return new Object[] {one, list};
    }
}

// How to run it by hand, without and with the agent's default:
//   java -jar bench/target/benchmarks.jar CloneBenchmark
//   java -jar bench/target/benchmarks.jar CloneBenchmark -jvmArgsPrepend -javaagent:agent/target/serialboost-agent.jar
