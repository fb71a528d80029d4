package dev.serialboost.bench;

import org.ehcache.Cache;
import org.ehcache.CacheManager;
import org.ehcache.config.builders.CacheConfigurationBuilder;
import org.ehcache.config.builders.CacheManagerBuilder;
import org.ehcache.config.builders.ResourcePoolsBuilder;
import org.ehcache.config.units.MemoryUnit;
import org.ehcache.impl.serialization.CompactJavaSerializer;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.Serializable;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real client of Java serialization, unchanged: an embedded cache with a serializing tier. Ehcache 3 with one
 * off-heap tier (16 MB, outside the Java heap), whose values Ehcache stores as bytes: for a {@code Serializable} value
 * type its default serializer is {@link CompactJavaSerializer}, Java serialization through stream subclasses that
 * write each class descriptor as an index into a table of their own ({@code writeClassDescriptor}) and resolve classes
 * through the cache's loader ({@code resolveClass}). One operation: a {@code put} (serialize into off-heap memory) and
 * a {@code get} of the same key (deserialize a new copy); with no on-heap tier, every {@code get} deserializes.
 * {@link #setUp} checks that a {@code get} gives a copy, not the object put.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class CacheBenchmark {

    /** The cache's name in its manager. */
    static final String CACHE = "orders";

    @Param({"CustomerOrder"})
    public Workload workload;

    private CacheManager manager;
    private Cache<Long, Serializable> cache;
    private Serializable value;

    @Setup(Level.Trial)
    public void setUp() {
        AgentMode.verify(List.of(workload.modelClass()));
        value = (Serializable) workload.one(Form.SERIALIZABLE);
        manager = CacheManagerBuilder.newCacheManagerBuilder()
                .withCache(CACHE, CacheConfigurationBuilder.newCacheConfigurationBuilder(Long.class,
                        Serializable.class, ResourcePoolsBuilder.newResourcePoolsBuilder().offheap(16, MemoryUnit.MB)))
                .build(true);
        cache = manager.getCache(CACHE, Long.class, Serializable.class);
        cache.put(1L, value);
        if (cache.get(1L) == value) {
            throw new IllegalStateException("Ehcache returned the object itself: its off-heap tier did not serialize");
        }
    }

    /** A put and a get of the same key: the value serialized into the off-heap tier and deserialized from it. */
    @Benchmark
    public Object roundTrip() {
        cache.put(1L, value);
        return cache.get(1L);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (manager != null) {
            manager.close();
            manager = null;
        }
    }

    /** What {@link #roundTrip} must give back (for {@link SelfCheck}). */
    Object[] expected() {
        return new Object[] {value};
    }
}

// How to run it by hand, without and with the agent's default:
//   java -jar bench/target/benchmarks.jar CacheBenchmark
//   java -jar bench/target/benchmarks.jar CacheBenchmark -jvmArgsPrepend -javaagent:agent/target/serialboost-agent.jar
