package dev.serialboost.it.engine;

import dev.serialboost.corpus.workloads.Fixtures.MarketDataCase;
import dev.serialboost.it.engine.Patterns.StreamCase;
import dev.serialboost.it.engine.Readers.Style;
import dev.serialboost.it.engine.Readers.Variant;
import dev.serialboost.it.engine.model.BusinessException;
import dev.serialboost.it.engine.model.Externals;
import dev.serialboost.it.engine.model.NamedHandler;
import dev.serialboost.it.engine.model.NotSerial;
import dev.serialboost.it.engine.model.OrderStatus;
import dev.serialboost.it.engine.model.Planet;
import dev.serialboost.it.engine.model.Point;
import dev.serialboost.it.engine.model.PurchaseOrder;
import dev.serialboost.it.engine.model.Segment;

import java.io.ObjectInputFilter;
import java.io.ObjectInputFilter.FilterInfo;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Test app for the engine-layer end-to-end tests: prints a deterministic report that must be the same, line for
 * line, with the agent in its default mode and without it, on the same JDK (see {@link Report} for the form).
 *
 * <pre>
 * EngineReport [--details=FILE] [--write-dir=DIR]     everything below, in this order
 * EngineReport --read-dir=DIR                         the plain reads of streams another JVM wrote to DIR
 * EngineReport --global-only                          the JVM-wide filter section alone (the JVM sets the filter)
 * </pre>
 *
 * <ol>
 *   <li>Write side ({@link Patterns}): each stream's SHA-256 and length, and what overridden writer hooks saw.</li>
 *   <li>Read side: every stream read back by every {@link Readers} variant (graph digest, recorded calls of the
 *       overridden hooks and of a per-stream filter), then a few streams under rejecting per-stream filters.</li>
 *   <li>Bad streams ({@link BadStreams}): the exception of each, twice, then the good stream.</li>
 *   <li>Class loaders ({@link LoaderCases}); {@code ObjectStreamClass.lookup} results; many threads
 *       ({@link Threads}).</li>
 *   <li>Last, the JVM-wide filter: set with {@code ObjectInputFilter.Config.setSerialFilter} (or, with
 *       {@code --global-only}, by the JVM from {@code -Djdk.serialFilter} and {@code -Djdk.serialFilterFactory}),
 *       recording its calls while some streams are read.</li>
 * </ol>
 *
 * {@code --write-dir} also saves every stream of the write side ({@code NNNN.ser} and {@code index.txt}:
 * {@code NNNN LABEL COUNT STYLE} per line) for a JVM started with {@code --read-dir}.
 */
public final class EngineReport {

    private EngineReport() {
    }

    public static void main(final String[] args) throws Exception {
        Path details = null;
        Path writeDir = null;
        Path readDir = null;
        boolean globalOnly = false;
        for (String arg : args) {
            if (arg.startsWith("--details=")) {
                details = Path.of(arg.substring("--details=".length()));
            } else if (arg.startsWith("--write-dir=")) {
                writeDir = Path.of(arg.substring("--write-dir=".length()));
            } else if (arg.startsWith("--read-dir=")) {
                readDir = Path.of(arg.substring("--read-dir=".length()));
            } else if (arg.equals("--global-only")) {
                globalOnly = true;
            } else {
                throw new IllegalArgumentException("unknown argument " + arg);
            }
        }
        Report r = new Report(details);
        if (readDir != null) {
            readSaved(r, readDir);
        } else if (globalOnly) {
            global(r, "global-property");
        } else {
            everything(r, writeDir);
        }
        r.print();
    }

    private static void everything(final Report r, final Path writeDir) throws Exception {
        if (ObjectInputFilter.Config.getSerialFilter() != null) {
            throw new IllegalStateException("a JVM-wide filter is set; the report expects none until its last section");
        }
        List<StreamCase> cases = Patterns.writeAll(r);
        if (writeDir != null) {
            save(cases, writeDir);
        }
        Map<String, String> single = new LinkedHashMap<>();
        for (StreamCase c : cases) {
            for (Variant v : Readers.forStyle(c.style())) {
                List<String> graph = v.name().equals("plain") && r.keepsDetails() ? new ArrayList<>() : null;
                String outcome = Readers.read(c.bytes(), c.count(), c.style(), v, graph);
                r.line(c.label(), "read/" + v.name() + " " + outcome);
                if (graph != null) {
                    r.details(c.label(), graph);
                }
                if (v.name().equals("plain") && c.label().startsWith("single/")) {
                    single.put(c.label(), "write sha256=" + Digests.sha256(c.bytes()) + " bytes=" + c.bytes().length
                            + " read/plain " + outcome);
                }
            }
        }
        rejectingFilters(r, cases);
        BadStreams.run(r);
        CustomFailures.run(r);
        ConcurrentChanges.run(r);
        LoaderCases.run(r);
        lookups(r);
        Threads.run(r, single);
        GlobalFilters.install();
        global(r, "global-api");
    }

    /** Some streams under per-stream filters that reject, each recording its calls. */
    private static void rejectingFilters(final Report r, final List<StreamCase> cases) {
        Map<String, Predicate<FilterInfo>> rejecting = new LinkedHashMap<>();
        rejecting.put("class-BigDecimal", info -> info.serialClass() == BigDecimal.class);
        rejecting.put("class-Point", info -> info.serialClass() == Point.class);
        rejecting.put("array-over-1000", info -> info.arrayLength() > 1000);
        rejecting.put("depth-over-4", info -> info.depth() > 4);
        rejecting.put("references-over-40", info -> info.references() > 40);
        rejecting.put("bytes-over-2000", info -> info.streamBytes() > 2000);
        List<String> labels = List.of("single/purchase-order", "single/sample", "single/proxy", "single/throwable",
                "single/record-nested", "single/enum-with-bodies", "many", "unshared", "corpus-many");
        for (StreamCase c : cases) {
            if (!labels.contains(c.label())) {
                continue;
            }
            for (Map.Entry<String, Predicate<FilterInfo>> e : rejecting.entrySet()) {
                Variant v = new Variant("reject-" + e.getKey(),
                        in -> Readers.filtered(in, FilterLog.rejecting(e.getValue())));
                r.line(c.label(), "read/" + v.name() + " " + Readers.read(c.bytes(), c.count(), c.style(), v, null));
            }
            for (int n : new int[] {1, 2, 9}) {
                Variant v = new Variant("reject-call-" + n, in -> Readers.filtered(in, FilterLog.rejecting(
                        FilterLog.nthCall(n))));
                r.line(c.label(), "read/" + v.name() + " " + Readers.read(c.bytes(), c.count(), c.style(), v, null));
            }
            Variant allowing = new Variant("filter-allowing", in -> Readers.filtered(in, FilterLog.allowing()));
            r.line(c.label(), "read/" + allowing.name() + " " + Readers.read(c.bytes(), c.count(), c.style(), allowing,
                    null));
        }
    }

    /**
     * Reads some streams with plain {@code ObjectInputStream}s while the JVM-wide filter records its calls: the
     * filter is {@link GlobalFilters#PATTERN}, set either way, so both sections print the same lines.
     */
    private static void global(final Report r, final String how) throws Exception {
        r.line("global", "how=" + how + " filter-set=" + (ObjectInputFilter.Config.getSerialFilter() != null));
        Map<String, byte[]> streams = new LinkedHashMap<>();
        streams.put("purchase-order", Patterns.write(PurchaseOrder.sample(4)));
        streams.put("sample", Patterns.write(new dev.serialboost.corpus.workloads.Fixtures.SampleCase().get()));
        streams.put("proxy", Patterns.write(NamedHandler.greeter("global", new Point(1, 1))));
        streams.put("mixed", Patterns.write(Patterns.mixed().toArray()));
        streams.put("marketdata", Patterns.write(new MarketDataCase().get()));
        for (BadStreams.Bad b : BadStreams.crafted()) {
            if (b.label().startsWith("absent/") || b.label().startsWith("suid/") || b.label().startsWith("cycle/")) {
                streams.put("bad/" + b.label(), b.bad());
            }
        }
        for (Map.Entry<String, byte[]> e : streams.entrySet()) {
            int count = e.getKey().equals("mixed") ? Patterns.mixed().size() : 1;
            for (int i = 0; i < 2; i++) {
                FilterLog log = FilterLog.recording();
                FilterLog.global = log;
                String outcome;
                try {
                    outcome = Readers.read(e.getValue(), count, Style.OBJECTS, Readers.plain(), null);
                } finally {
                    FilterLog.global = null;
                }
                r.line("global/" + e.getKey() + "#" + i, outcome + " jvm-wide-filter " + log.calls());
            }
        }
    }

    /** {@code ObjectStreamClass.lookup} and {@code lookupAny} of classes of every kind. */
    private static void lookups(final Report r) {
        List<Class<?>> classes = List.of(String.class, Integer.class, Object.class, Thread.class, Runnable.class,
                int.class, int[].class, String[][].class, BigDecimal.class, java.util.HashMap.class,
                java.time.LocalDate.class, PurchaseOrder.class, OrderStatus.class, Planet.MERCURY.getClass(),
                Planet.class, Point.class, Segment.class, NamedHandler.greeter("x").getClass(), Externals.class,
                NotSerial.class, BusinessException.class, Throwable.class, ((List<?>) new MarketDataCase().get())
                        .get(0).getClass(), Enum.class, Record.class);
        for (Class<?> c : classes) {
            ObjectStreamClass desc = ObjectStreamClass.lookup(c);
            ObjectStreamClass any = ObjectStreamClass.lookupAny(c);
            StringBuilder s = new StringBuilder("lookup=");
            s.append(desc == null ? "null" : Readers.describe(desc) + " same-instance=" + (ObjectStreamClass.lookup(c)
                    == desc) + " for-class=" + (desc.forClass() == c));
            s.append(" lookupAny=").append(Readers.describe(any)).append(" same-as-lookup=").append(any == desc);
            for (ObjectStreamField f : any.getFields()) {
                s.append(' ').append(f.getName()).append("@").append(f.getOffset())
                        .append(any.getField(f.getName()) == f ? "" : "(getField differs)");
            }
            r.line("lookup/" + Digests.typeName(c), s.toString());
        }
    }

    private static void save(final List<StreamCase> cases, final Path dir) throws Exception {
        Files.createDirectories(dir);
        StringBuilder index = new StringBuilder();
        for (int i = 0; i < cases.size(); i++) {
            StreamCase c = cases.get(i);
            String file = String.format("%04d", i);
            Files.write(dir.resolve(file + ".ser"), c.bytes());
            index.append(file).append(' ').append(c.label()).append(' ').append(c.count()).append(' ')
                    .append(c.style()).append('\n');
        }
        Files.writeString(dir.resolve("index.txt"), index, StandardCharsets.UTF_8);
    }

    /** The {@code read/plain} lines of the streams another JVM saved with {@code --write-dir}. */
    private static void readSaved(final Report r, final Path dir) throws Exception {
        for (String line : Files.readAllLines(dir.resolve("index.txt"), StandardCharsets.UTF_8)) {
            String[] parts = line.split(" ");
            Style style = Style.valueOf(parts[3]);
            byte[] bytes = Files.readAllBytes(dir.resolve(parts[0] + ".ser"));
            for (Variant v : Readers.forStyle(style)) {
                if (v.name().equals("plain") || v.name().equals("nameOnly") || v.name().equals("marked")) {
                    r.line(parts[1], "read/" + v.name() + " " + Readers.read(bytes, Integer.parseInt(parts[2]), style,
                            v, null));
                }
            }
        }
    }
}
