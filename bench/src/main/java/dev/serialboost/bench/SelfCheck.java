package dev.serialboost.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Calls every benchmark method of a {@link Plan} once, outside JMH, and checks what it did: every read, remote call,
 * clone and real client's round trip ({@code read*}, {@code remote*}, {@code clone*}, {@code roundTrip*}) must give
 * back a graph equal to the one written
 * ({@link GraphDigest}, identity included), and every write method reports its size and, where the benchmark keeps
 * them, a hash of the bytes it wrote. One line per call on stdout:
 *
 * <pre>
 * size   JdkStreamBenchmark.writeOnePerStream workload=MarketData form=SERIALIZABLE 251 bytes=3f0a...
 * digest JdkStreamBenchmark.readOnePerStream workload=MarketData form=SERIALIZABLE 9f1c0a7d3e55b210
 * </pre>
 *
 * <p>{@link BenchRunner} runs it ({@code run.SelfChecks}) in one JVM per mode and JDK before the benchmarks (it fails
 * fast, gives the size table of the report, shows that the agent's default writes the same bytes as no agent, and,
 * with the agent's {@code verbose=true}, which classes were converted how). Each state's {@code @TearDown} methods run
 * after its calls. The unit tests call {@link #run} in-process; the integration test runs it with the real agent and
 * compares the lines with those of a JVM without it.
 */
public final class SelfCheck {

    /** How the methods that give back what was written are named: reads, remote calls, clones, round trips. */
    private static final List<String> READ_BACK = List.of("read", "remote", "clone", "roundTrip");
    private static final String BLACKHOLE_PASSWORD =
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

    private SelfCheck() {
    }

    /**
     * {@code SelfCheck <mode> [workload,...] [reference]}: the plan of the mode, with the reference rows when the
     * third argument is {@code reference}; exit code 0 when every call checked out, 1 otherwise.
     */
    public static void main(final String[] args) {
        AgentMode mode = AgentMode.of(args.length > 0 ? args[0] : "off");
        List<Workload> workloads = args.length > 1
                ? Arrays.stream(args[1].split(",")).map(Workload::valueOf).toList()
                : List.of(Workload.values());
        boolean reference = args.length > 2 && args[2].equals("reference");
        try {
            List<String> lines = run(Plan.of(mode, workloads, reference));
            lines.forEach(System.out::println);
            System.out.println("selfcheck ok: " + lines.size() + " calls");
        } catch (Throwable t) {
            PrintStream err = System.err;
            err.println("selfcheck FAILED: " + t);
            t.printStackTrace(err);
            System.exit(1);
        }
    }

    /** Runs every method of the plan once; returns the size and digest lines; throws on the first mismatch. */
    public static List<String> run(final Plan plan) throws Exception {
        AgentMode.verify(plan.modelClasses());
        List<String> lines = new ArrayList<>();
        Blackhole bh = new Blackhole(BLACKHOLE_PASSWORD);
        for (Plan.Run run : plan.runs()) {
            for (Class<?> benchmark : run.benchmarks()) {
                for (Map<String, String> params : run.combinations(benchmark)) {
                    lines.addAll(runOnce(benchmark, params, bh));
                }
            }
        }
        return lines;
    }

    /** One state of {@code benchmark} with {@code params}: set-up, then each benchmark method once. */
    static List<String> runOnce(final Class<?> benchmark, final Map<String, String> params, final Blackhole bh)
            throws Exception {
        Object state = benchmark.getDeclaredConstructor().newInstance();
        StringBuilder label = new StringBuilder();
        for (Map.Entry<String, String> p : params.entrySet()) {
            Field f = benchmark.getField(p.getKey());
            f.set(state, f.getType().isEnum() ? enumValue(f.getType(), p.getValue()) : p.getValue());
            label.append(' ').append(p.getKey()).append('=').append(p.getValue());
        }
        for (Method m : benchmark.getMethods()) {
            if (m.isAnnotationPresent(Setup.class)) {
                invoke(m, state);
            }
        }
        try {
            return calls(benchmark, state, label.toString(), bh);
        } finally {
            for (Method m : benchmark.getMethods()) {
                if (m.isAnnotationPresent(TearDown.class)) {
                    invoke(m, state);
                }
            }
        }
    }

    private static List<String> calls(final Class<?> benchmark, final Object state, final String label,
                                      final Blackhole bh) throws Exception {
        Method expectedMethod = benchmark.getDeclaredMethod("expected");
        Object[] expected = (Object[]) invoke(expectedMethod, state);
        List<Method> methods = new ArrayList<>(Arrays.stream(benchmark.getMethods())
                .filter(m -> m.isAnnotationPresent(Benchmark.class)).toList());
        methods.sort(Comparator.comparing(Method::getName));
        if (methods.isEmpty()) {
            throw new IllegalStateException(benchmark.getName() + " has no @Benchmark method");
        }
        Method writtenMethod = Arrays.stream(benchmark.getDeclaredMethods())
                .filter(m -> m.getName().equals("written") && m.getParameterCount() == 0).findFirst().orElse(null);
        List<String> lines = new ArrayList<>();
        for (Method m : methods) {
            String name = benchmark.getSimpleName() + "." + m.getName();
            Object result = m.getParameterCount() == 0 ? invoke(m, state) : invoke(m, state, bh);
            if (m.getName().startsWith("write")) {
                int bytes = (Integer) result;
                if (bytes <= 0) {
                    throw new IllegalStateException(name + label + " wrote " + bytes + " bytes");
                }
                String hash = writtenMethod == null ? ""
                        : " bytes=" + sha((byte[]) invoke(writtenMethod, state));
                lines.add("size " + name + label + " " + bytes + hash);
            } else if (READ_BACK.stream().anyMatch(m.getName()::startsWith)) {
                // the second expected object when the method reads many (the last of them, or all in one list)
                Object source = m.getName().contains("Thousand") || m.getName().contains("Hundred")
                        ? expected[1] : expected[0];
                String want = GraphDigest.of(source);
                String got = GraphDigest.of(result);
                if (!want.equals(got)) {
                    throw new IllegalStateException(name + label + " read a different graph than was written:\n"
                            + "  written: " + abbreviate(want) + "\n  read:    " + abbreviate(got));
                }
                lines.add("digest " + name + label + " " + GraphDigest.hash(result));
            } else {
                throw new IllegalStateException(name + ": benchmark methods are named write* or " + READ_BACK
                        .stream().map(p -> p + "*").toList());
            }
        }
        return lines;
    }

    private static String sha(final byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing", e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumValue(final Class<?> type, final String name) {
        return Enum.valueOf((Class) type, name);
    }

    private static Object invoke(final Method m, final Object target, final Object... args) throws Exception {
        try {
            m.setAccessible(true);
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    private static String abbreviate(final String s) {
        return s.length() <= 400 ? s : s.substring(0, 400) + "... (" + s.length() + " chars)";
    }
}
