package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.Decision;
import dev.serialboost.transformer.converted.FieldSpec;
import dev.serialboost.transformer.kit.RuntimeLocation;
import static dev.serialboost.transformer.converted.SafetySupport.FIXTURES;
import static dev.serialboost.transformer.converted.SafetySupport.counter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.testing.Bytes;
import dev.serialboost.testing.ChildFirstLoader;
import dev.serialboost.testing.RoundTrip;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectStreamClass;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Hostile and broken input: a seeded mutation fuzzer over converted-format streams of the corpus and of the
 * safety fixtures. Each input is read on a worker thread with a time limit, and must
 * <ul>
 *   <li>finish quickly: no hang (a {@value #PER_INPUT_SECONDS} s limit per input; the slowest is reported);</li>
 *   <li>succeed, or fail only with an {@link IOException} or what else plain JDK reading throws for corrupt
 *       streams ({@link #ALLOWED}: found by fuzzing plain-format streams of the same graphs the same way, and
 *       checked again on every run by {@link #mutatedPlainStreamsFailOnlyWithTheListedTypes}); never with an
 *       {@link Error}, so no {@code OutOfMemoryError} from a length prefix (one JDK class throws an
 *       {@code InternalError} for corrupt data, with and without serialboost: {@link #jdkImmutableCollectionError});</li>
 *   <li>never instantiate or initialize a class the filter forbids (the safety fixtures' {@code Forbidden}
 *       leaves a mark in a counter when its base constructor or its static initializer runs; some seeds hold
 *       one).</li>
 * </ul>
 *
 * <p><b>The filter.</b> Every read runs with the per-stream filter {@value #FILTER}: {@code maxarray} because plain
 * JDK reading allocates an array (and {@code ArrayList}, {@code HashMap} their backing arrays) at the length the
 * stream states before reading its elements, so without a filter a mutated length prefix makes plain JDK throw
 * {@code OutOfMemoryError} too (that is what {@code jdk.serialFilter} is for); and the rejected fixture class, for
 * the third rule. Generated code itself allocates nothing whose size comes from the stream (bulk records and wide
 * levels have the class's fixed size), so the filter is not needed for serialboost's own reading.
 *
 * <p><b>Beyond the types.</b> The hand-crafted inputs check more than the exception type: a flipped shape (the 4
 * bytes ahead of an object's data) must
 * give the {@code InvalidClassException} that names the class, a cut bulk record an {@code IOException}, a huge
 * length inside a converted field the same failure as in the plain stream. Plain JDK throws
 * {@code IllegalStateException("unread block data")} for some corrupt streams, so the random inputs allow it; but a
 * converted object whose {@code readExternal} throws with block data left unread gets it too, in place of its own
 * exception, when it is read outside block-data mode (an array element, a field of a class serialboost left plain):
 * {@link #flippedLayoutHashIsRefusedNamingTheClass} and {@code SafetyEvolvedShapeTest} show it.
 *
 * <p><b>Runs.</b> The defaults make a bounded CI run (a few thousand inputs, well under 30 s). A longer local run:
 * <pre>
 * ./mvnw -q -pl transformer test -Dtest=FuzzTest -Dserialboost.fuzz.inputs=200000 -Dserialboost.fuzz.seed=7
 * </pre>
 * {@code serialboost.fuzz.inputs} is the number of random mutations of converted streams (half as many plain ones
 * are read for the allowed-types check); {@code serialboost.fuzz.seed} changes every input. A failure names the
 * seed and the input number, and saves the input under {@code transformer/target/fuzz-findings/}; the input is
 * rebuilt from those two numbers alone ({@link #mutation}), so one input re-runs with
 * <pre>
 * ./mvnw -q -pl transformer test -Dtest='FuzzTest#mutated*' -Dserialboost.fuzz.seed=7 -Dserialboost.fuzz.from=259405 -Dserialboost.fuzz.inputs=1
 * </pre>
 *
 * <p>What it ran: the CI defaults read about 15,000 inputs in 2-4 s (2,500 random mutations of converted
 * streams, 1,250 of plain ones, every truncation of nine converted streams, and the hand-crafted ones). A local run
 * of 2,000,000 converted and 1,000,000 plain mutations (seed 7) took 84 s and 35 s of reading on two cores.
 */
class FuzzTest {

    static final long SEED = Long.getLong("serialboost.fuzz.seed", 0x5e71a1b005L);
    static final int INPUTS = Integer.getInteger("serialboost.fuzz.inputs", 2500);
    /** The number of the first random input; with {@code inputs=1}, re-runs one reported input. */
    static final int FROM = Integer.getInteger("serialboost.fuzz.from", 0);
    static final int PER_INPUT_SECONDS = 10;
    static final String FORBIDDEN = FIXTURES + "Forbidden";
    static final String FILTER = "maxarray=100000;!" + FORBIDDEN;

    /**
     * What reading a corrupt stream may throw besides {@link IOException}s (which are all allowed): exactly what
     * plain JDK reading threw for 1,000,000 mutated plain-format streams of the same graphs (seed 7, JDK 17; the
     * first of each kind, where it was thrown, in the comments). Types are matched exactly, not by subclass. One
     * {@link Error} is allowed too, see {@link #jdkImmutableCollectionError}.
     */
    static final List<Class<? extends Throwable>> ALLOWED = List.of(
            // a mutated class name
            ClassNotFoundException.class,
            // a stream value that does not fit a field (ObjectStreamClass$FieldReflector.setObjFieldValues)
            ClassCastException.class,
            // an array element of the wrong type (ObjectInputStream.readArray)
            ArrayStoreException.class,
            // a negative array length (Array.newInstance in ObjectInputStream.readArray)
            NegativeArraySizeException.class,
            // a class descriptor that is null where the JDK expects one (readEnum, readArray, readOrdinaryObject)
            NullPointerException.class,
            // "unread block data": an object ended with block data left (BlockDataInputStream.setBlockDataMode)
            IllegalStateException.class,
            // thrown by classes' own readResolve on garbage: the corpus's MoneyProxy (Long.parseLong), and
            // "Exception in SerializedLambda.readResolve"
            NumberFormatException.class,
            RuntimeException.class);

    /**
     * {@code InternalError("length is odd")} from {@code java.util.ImmutableCollections$MapN}, which the JDK's own
     * {@code CollSer.readResolve} throws for a {@code Map.of(...)} whose element count a stream changed to an odd
     * number. A 2,000,000-input run of {@link #mutatedConvertedStreamsFailOnlyAsPlainJdkFails} (seed 7) hit it
     * three times, inside a converted class's field; plain JDK reading throws it for the same edit of a plain
     * stream ({@link #plainJdkThrowsInternalErrorForAMapOfWithAnOddLength}). It is the only Error allowed.
     */
    static boolean jdkImmutableCollectionError(final Throwable t) {
        StackTraceElement[] at = t.getStackTrace();
        return t.getClass() == InternalError.class && at.length > 0
                && at[0].getClassName().startsWith("java.util.ImmutableCollections");
    }

    private static final ObjectInputFilter READ_FILTER = ObjectInputFilter.Config.createFilter(FILTER);
    private static final int[] INTERESTING_INTS = {0, 1, -1, 0x7F, 0x80, 0xFF, 0x7FFF, 0xFFFF, 0x10000, 100_001,
        0x7FFF_FFFF, 0x8000_0000, 0x0FFF_FFFF};
    private static final byte[] INTERESTING_BYTES = {0, 1, -1, 0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78,
        0x79, 0x7A, 0x7B, 0x7C, 0x7D, 0x7E, (byte) 0x80, 0x7F};

    private static ExecutorService worker;
    private static final Map<String, Stats> STATS = new TreeMap<>();

    /** Seed streams of one format, by name, and the loader that wrote them (its decisions name the hashes). */
    private record Seeds(String format, ChildFirstLoader writer, Map<String, byte[]> streams) {
    }

    private static Seeds converted;
    private static Seeds plain;

    @BeforeAll
    static void writeSeeds() {
        worker = newWorker();
        converted = seeds(true);
        plain = seeds(false);
    }

    @AfterAll
    static void report() {
        worker.shutdownNow();
        for (Map.Entry<String, Stats> e : STATS.entrySet()) {
            System.out.println("FuzzTest " + e.getKey() + ": " + e.getValue());
        }
    }

    // ------------------------------------------------------------------------------------------------

    /** Every prefix of a few converted streams (every byte boundary) fails, as the JDK fails: with an IOException. */
    @Test
    void truncatedConvertedStreamsFailWithIOException() {
        ChildFirstLoader reader = SafetySupport.transformedLoader();
        Stats stats = stats("truncation (converted)");
        List<String> truncated = List.of("workload-MarketData", "workload-Employee", "workload-Order",
                "deep-hierarchy-5-levels", "final-fields-every-type", "small-primitive-levels-packed-together",
                "safety-sample-graph", "safety-forbidden-in-WideHolder", "safety-forbidden-in-SubHolder");
        List<String> problems = new ArrayList<>();
        for (String name : truncated) {
            byte[] stream = converted.streams.get(name);
            assertNotNull(stream, name);
            for (int length = 0; length < stream.length; length++) {
                byte[] input = java.util.Arrays.copyOf(stream, length);
                Result r = read(input, reader, stats);
                String problem = r.problem();
                if (problem == null && !(r.failure instanceof IOException)) {
                    problem = "a truncated stream must fail with an IOException, but " + r;
                }
                if (problem != null) {
                    problems.add(finding("truncated-" + name + "-" + length, input, name + " cut to " + length
                            + " of " + stream.length + " bytes: " + problem));
                }
            }
        }
        assertNoForbiddenInstances(reader);
        assertNoProblems(problems);
    }

    /** Random mutations of converted streams (bit flips, insertions, deletions, length prefixes, splices). */
    @Test
    void mutatedConvertedStreamsFailOnlyAsPlainJdkFails() {
        assertNoProblems(fuzz(converted, SafetySupport.transformedLoader(), INPUTS, "random mutations (converted)"));
    }

    /**
     * The same mutations of plain-format streams, read without serialboost: what plain JDK reading throws is
     * what {@link #ALLOWED} lists. This is how the list was found (with a long run), and it keeps the list
     * honest on the JDK the tests run on.
     */
    @Test
    void mutatedPlainStreamsFailOnlyWithTheListedTypes() {
        assertNoProblems(fuzz(plain, SafetySupport.plainLoader(), Math.max(1, INPUTS / 2), "random mutations (plain)"));
    }

    /** The one Error plain JDK reading throws for a corrupt stream (see {@link #jdkImmutableCollectionError}). */
    @Test
    void plainJdkThrowsInternalErrorForAMapOfWithAnOddLength() throws IOException {
        byte[] stream = RoundTrip.write(Map.of("k1", "v1", "k2", "v2"));
        // CollSer writes its element count as an int in block data, then the elements: 4 becomes 3
        byte[] count = {0x77, 0x04, 0, 0, 0, 4, 0x74};
        List<Integer> at = Bytes.indexesOf(stream, count);
        assertEquals(1, at.size(), "the element count of Map.of(...) in " + HexFormat.of().formatHex(stream));
        stream[at.get(0) + 5] = 3;
        byte[] edited = stream;
        InternalError e = assertThrows(InternalError.class, () -> SafetySupport.read(edited, getClass().getClassLoader(),
                null));
        assertTrue(jdkImmutableCollectionError(e), "thrown by java.util.ImmutableCollections: " + trace(e));
    }

    /** A flipped bit in an object's shape is refused with InvalidClassException naming the object's class. */
    @Test
    void flippedLayoutHashIsRefusedNamingTheClass() {
        ChildFirstLoader reader = SafetySupport.transformedLoader();
        Stats stats = stats("hand-crafted: layout hash flipped");
        Stats seeds = stats("hand-crafted: layout hash flipped, the seed streams as written");
        List<String> problems = new ArrayList<>();
        int flipped = 0;
        for (Map.Entry<String, byte[]> seed : converted.streams.entrySet()) {
            byte[] stream = seed.getValue();
            Result unchanged = read(stream, reader, seeds);
            if (unchanged.failure != null) { // the filter refuses the seed before any hash is read
                assertTrue(seed.getKey().startsWith("safety-forbidden-"), seed.getKey() + ": " + unchanged);
                continue;
            }
            for (Decision d : converted.writer.decisions().values()) {
                if (!d.isConverted()) {
                    continue;
                }
                List<Integer> places = Bytes.indexesOf(stream, intBytes(shapeOf(converted.writer, d)));
                if (places.size() > 3) { // the first, one in the middle and the last are enough
                    places = List.of(places.get(0), places.get(places.size() / 2), places.get(places.size() - 1));
                }
                for (int at : places) {
                    for (int bit : new int[] {0, 13, 31}) {
                        byte[] input = stream.clone();
                        input[at + 3 - bit / 8] ^= (byte) (1 << (bit % 8));
                        Result r = read(input, reader, stats);
                        flipped++;
                        String problem = r.problem();
                        // the shape names the class, so only that class's objects start with it; the exception is
                        // the JDK's for an Externalizable descriptor of a Serializable class, its cause serialboost's
                        if (problem == null && !(r.failure instanceof InvalidClassException e
                                && sameShape(converted.writer, d, e.classname)
                                && e.getMessage().endsWith("; Serializable incompatible with Externalizable")
                                && e.getCause() != null && e.getCause().getMessage().contains("layout"))) {
                            problem = "expected the JDK's InvalidClassException naming " + d.className() + " (or a"
                                    + " class with the same fields), its cause naming the layout, but " + r;
                        }
                        if (problem != null) {
                            problems.add(finding("hash-" + seed.getKey() + "-" + at + "-" + bit, input,
                                    seed.getKey() + ", hash of " + d.className() + " at " + at + " bit " + bit + ": "
                                            + problem));
                        }
                    }
                }
            }
        }
        assertTrue(flipped > 100, "only " + flipped + " shapes found in the seed streams");
        assertNoProblems(problems);
    }

    /** Whether {@code className} was converted with the same shape as {@code level}. */
    private static boolean sameShape(final ChildFirstLoader loader, final Decision level, final String className) {
        Decision other = className == null ? null : loader.decisions().get(className);
        return other != null && other.isConverted() && shapeOf(loader, other) == shapeOf(loader, level);
    }

    /** The shape the runtime writes ahead of each object of exactly the class of {@code d}. */
    private static int shapeOf(final ChildFirstLoader loader, final Decision d) {
        try {
            // the runtime as installed (FormatTestAgent), where the converted classes' generated code calls it
            return (int) Class.forName(RuntimeLocation.installedName(RuntimeLocation.SOURCE + "converted/ConvertedFormat")
                    .replace('/', '.'), false, null).getMethod("shapeOf", Class.class)
                    .invoke(null, load(loader, d.className()));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A bulk record cut short: the stream ends inside it, or its block-data header claims fewer or more bytes
     * than the record has. Every variant fails with an IOException.
     */
    @Test
    void bulkRecordCutShortFailsWithIOException() {
        ChildFirstLoader reader = SafetySupport.transformedLoader();
        Stats stats = stats("hand-crafted: bulk record cut short");
        Decision tick = converted.writer.decision(FIXTURES + "Tick");
        assertTrue(tick.bulk(), "Tick is written as one bulk record: " + tick);
        int record = tick.fields().stream().mapToInt(f -> FieldSpec.width(f.descriptor())).sum();
        byte[] stream = converted.streams.get("safety-tick");
        int hashAt = Bytes.indexesOf(stream, intBytes(shapeOf(converted.writer, tick))).get(0);
        assertEquals(0x78, stream[hashAt - 2] & 0xFF, "no block-data frame: the descriptor's end before the hash");
        List<byte[]> inputs = new ArrayList<>();
        for (int cut = hashAt + 4; cut < hashAt + 4 + record; cut++) {
            inputs.add(java.util.Arrays.copyOf(stream, cut));
        }
        // framed as earlier versions wrote it (SC_BLOCK_DATA, a block around the hash and record, the end marker),
        // with every wrong length in the block header
        String name = FIXTURES + "Tick";
        byte[] framed = new byte[stream.length + 3];
        System.arraycopy(stream, 0, framed, 0, hashAt);
        int nameAt = Bytes.indexOf(stream, name.getBytes(java.nio.charset.StandardCharsets.UTF_8), 0);
        framed[nameAt + name.length() + 8] = 0x0c;
        framed[hashAt] = 0x77;
        framed[hashAt + 1] = (byte) (4 + record);
        System.arraycopy(stream, hashAt, framed, hashAt + 2, 4 + record);
        framed[hashAt + 6 + record] = 0x78;
        System.arraycopy(stream, hashAt + 4 + record, framed, hashAt + 7 + record, stream.length - hashAt - 4 - record);
        assertEquals(List.of(), problemsOf(List.of(framed), reader, stats, false), "the framed stream reads");
        for (int claimed = 0; claimed < 4 + record; claimed++) {
            byte[] input = framed.clone();
            input[hashAt + 1] = (byte) claimed;
            inputs.add(input);
        }
        for (int extra = 1; extra < 40; extra++) {
            byte[] input = framed.clone();
            input[hashAt + 1] = (byte) (4 + record + extra);
            inputs.add(input);
        }
        assertNoProblems(problemsOf(inputs, reader, stats, true));
    }

    /**
     * What reading each input found wrong: with {@code fail}, anything but an {@code IOException}; else any failure.
     */
    private static List<String> problemsOf(final List<byte[]> inputs, final ChildFirstLoader reader, final Stats stats,
                                           final boolean fail) {
        List<String> problems = new ArrayList<>();
        for (byte[] input : inputs) {
            Result r = read(input, reader, stats);
            String problem = r.problem();
            if (problem == null && fail != r.failure instanceof IOException) {
                problem = (fail ? "expected an IOException, but " : "expected a read, but ") + r;
            }
            if (problem != null) {
                problems.add(finding("bulk-" + inputs.indexOf(input), input, problem));
            }
        }
        return problems;
    }

    /**
     * Huge, negative and odd length prefixes inside converted classes' fields (an {@code int[]}, a String), made
     * the same way in the plain and the converted stream of the same graph: both fail the same way, quickly, and
     * without an {@code OutOfMemoryError}.
     */
    @Test
    void hugeLengthsInsideConvertedFieldsFailAsInPlainStreams() {
        ChildFirstLoader convertedReader = SafetySupport.transformedLoader();
        ChildFirstLoader plainReader = SafetySupport.plainLoader();
        Stats stats = stats("hand-crafted: huge lengths in fields");
        List<String> problems = new ArrayList<>();
        // SubHolder.payload = new int[] {1, 2, 3}: length 3, then the elements
        byte[] ints = {0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3};
        // Holder.payload = "payload-1": TC_STRING, length 9, the characters
        byte[] string = {0x74, 0, 9, 'p', 'a', 'y', 'l', 'o', 'a', 'd', '-', '1'};
        int edits = 0;
        // array lengths decided before any element is read: the two formats must fail with the same exception
        for (int length : new int[] {0x7FFF_FFFF, 0x8000_0000, -1, 0x0FFF_FFFF, 100_001, 100_000}) {
            edits += differential("int[] length " + length, "safety-sample-graph", ints, Same.EXCEPTION,
                    s -> withInt(s, 0, length), convertedReader, plainReader, stats, problems);
        }
        // a huge string length eats the rest of the stream as characters: both fail with an IOException (which
        // one depends on the bytes that follow, and those differ between the formats)
        for (long length : new long[] {Long.MAX_VALUE, 0x7FFF_FFFFL, 1L << 40}) {
            edits += differential("String as TC_LONGSTRING of length " + length, "safety-sample-graph", string,
                    Same.IO_EXCEPTION,
                    s -> longString(length, s), convertedReader, plainReader, stats, problems);
        }
        // lengths that shift the rest of the stream: the formats differ after that, so only the rules apply
        for (int length : new int[] {4, 0, 2}) {
            edits += differential("int[] length " + length, "safety-sample-graph", ints, Same.NOTHING,
                    s -> withInt(s, 0, length), convertedReader, plainReader, stats, problems);
        }
        for (long length : new long[] {-1, 100, 0}) {
            edits += differential("String as TC_LONGSTRING of length " + length, "safety-sample-graph", string,
                    Same.NOTHING,
                    s -> longString(length, s), convertedReader, plainReader, stats, problems);
        }
        for (int length : new int[] {0xFFFF, 0x8000, 10, 0}) {
            edits += differential("String length " + length, "safety-sample-graph", string, Same.NOTHING,
                    s -> {
                        byte[] e = s.clone();
                        e[1] = (byte) (length >>> 8);
                        e[2] = (byte) length;
                        return e;
                    }, convertedReader, plainReader, stats, problems);
        }
        assertTrue(edits == 19, "the edits did not find their places in the seed streams: " + edits);
        assertNoForbiddenInstances(convertedReader);
        assertNoProblems(problems);
    }

    /**
     * Streams whose class descriptor says {@code SC_EXTERNALIZABLE} for a class the reader converts, followed by
     * garbage: random bytes, random bytes after a correct shape (so generated code reads its fields from
     * garbage), in block-data framing or without it, after a hand-written descriptor or the real one. The
     * plain reader (the class not converted) gets the same streams.
     */
    @Test
    void externalizableDescriptorWithGarbageData() throws IOException {
        ChildFirstLoader convertedReader = SafetySupport.transformedLoader();
        ChildFirstLoader plainReader = SafetySupport.plainLoader();
        Stats stats = stats("hand-crafted: SC_EXTERNALIZABLE with garbage");
        List<String> problems = new ArrayList<>();
        Random random = new Random(SEED);
        int inputs = 0;
        for (Decision d : converted.writer.decisions().values()) {
            if (!d.isConverted()) {
                continue;
            }
            long uid = ObjectStreamClass.lookup(load(converted.writer, d.className())).getSerialVersionUID();
            for (int variant = 0; variant < 24; variant++) {
                byte[] garbage = new byte[random.nextInt(64)];
                random.nextBytes(garbage);
                if (variant % 2 == 1 && garbage.length >= 4) {
                    System.arraycopy(intBytes(shapeOf(converted.writer, d)), 0, garbage, 0, 4);
                }
                boolean blockData = variant % 4 < 2;
                byte[] input = externalizableStream(d.className(), uid, blockData, garbage);
                for (ChildFirstLoader reader : List.of(convertedReader, plainReader)) {
                    Result r = read(input, reader, stats);
                    inputs++;
                    if (r.problem() != null) {
                        problems.add(finding("garbage-" + d.className() + "-" + variant, input,
                                (reader == plainReader ? "plain reader: " : "converted reader: ") + r.problem()));
                    }
                }
            }
        }
        // the real descriptors of the seed streams, then garbage in place of the first object's data
        for (Map.Entry<String, byte[]> seed : converted.streams.entrySet()) {
            byte[] stream = seed.getValue();
            int firstBlock = firstBlockAfterDescriptor(stream);
            if (firstBlock < 0) {
                continue;
            }
            for (int variant = 0; variant < 6; variant++) {
                byte[] garbage = new byte[1 + random.nextInt(80)];
                random.nextBytes(garbage);
                byte[] input = java.util.Arrays.copyOf(stream, firstBlock + 2 + garbage.length);
                input[firstBlock + 1] = (byte) Math.min(255, Math.max(4, garbage.length));
                if (variant % 2 == 0) {
                    System.arraycopy(stream, firstBlock + 2, garbage, 0, Math.min(4, garbage.length)); // keep the hash
                }
                System.arraycopy(garbage, 0, input, firstBlock + 2, garbage.length);
                Result r = read(input, convertedReader, stats);
                inputs++;
                if (r.problem() != null) {
                    problems.add(finding("garbage-after-" + seed.getKey() + "-" + variant, input, r.problem()));
                }
            }
        }
        assertTrue(inputs > 300, "only " + inputs + " garbage streams");
        assertNoForbiddenInstances(convertedReader);
        assertNoProblems(problems);
    }

    // ------------------------------------------------------------------------------------------------
    // the fuzzer

    /** Reads {@code count} mutated seeds of one format in {@code reader}; returns the problems found. */
    private static List<String> fuzz(final Seeds seeds, final ChildFirstLoader reader, final int count,
                                     final String label) {
        List<String> names = new ArrayList<>(seeds.streams.keySet());
        Stats stats = stats(label);
        List<String> problems = new ArrayList<>();
        for (int i = FROM; i < FROM + count; i++) {
            Random random = new Random(SEED * 1_000_003L + i);
            String name = names.get(random.nextInt(names.size()));
            byte[] input = mutation(seeds.streams.get(name), random);
            Result r = read(input, reader, stats);
            String problem = r.problem();
            if (problem != null) {
                problems.add(finding(seeds.format + "-" + SEED + "-" + i, input, "input " + i + " (seed "
                        + SEED + ", " + name + "): " + problem));
            }
        }
        assertNoForbiddenInstances(reader);
        return problems;
    }

    /** One to four random edits of {@code seed}; the same {@code random} state gives the same input. */
    static byte[] mutation(final byte[] seed, final Random random) {
        byte[] b = seed.clone();
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits; e++) {
            int at = b.length == 0 ? 0 : random.nextInt(b.length);
            switch (random.nextInt(7)) {
                case 0, 1 -> {
                    if (b.length > 0) {
                        b[at] ^= (byte) (1 << random.nextInt(8));
                    }
                }
                case 2 -> {
                    byte[] inserted = new byte[1 + random.nextInt(4)];
                    random.nextBytes(inserted);
                    b = splice(b, at, 0, inserted);
                }
                case 3 -> b = splice(b, at, Math.min(b.length - at, 1 + random.nextInt(8)), new byte[0]);
                case 4 -> {
                    int value = INTERESTING_INTS[random.nextInt(INTERESTING_INTS.length)];
                    for (int k = 0; k < 4 && at + k < b.length; k++) {
                        b[at + k] = (byte) (value >>> (24 - 8 * k));
                    }
                }
                case 5 -> {
                    if (b.length > 0) {
                        b[at] = INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)];
                    }
                }
                default -> {
                    if (b.length > 0) {
                        int from = random.nextInt(b.length);
                        int length = Math.min(b.length - from, 1 + random.nextInt(32));
                        b = splice(b, at, 0, java.util.Arrays.copyOfRange(b, from, from + length));
                    }
                }
            }
        }
        return b;
    }

    private static byte[] splice(final byte[] b, final int at, final int remove, final byte[] insert) {
        byte[] out = new byte[b.length - remove + insert.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(b, at + remove, out, at + insert.length, b.length - at - remove);
        return out;
    }

    // ------------------------------------------------------------------------------------------------
    // reading with a time limit, and the oracle

    /** How one read ended. */
    private record Result(Object copy, Throwable failure, boolean hung, long nanos) {

        /** Null when the outcome is allowed, else what is wrong. */
        String problem() {
            if (hung) {
                return "the read did not finish within " + PER_INPUT_SECONDS + " s";
            }
            if (failure == null) {
                return null;
            }
            if (failure instanceof IOException || ALLOWED.contains(failure.getClass())
                    || jdkImmutableCollectionError(failure)) {
                return null;
            }
            return "threw " + trace(failure);
        }

        @Override
        public String toString() {
            return hung ? "hung" : failure != null ? "threw " + trace(failure)
                    : "read a " + (copy == null ? "null" : copy.getClass().getName());
        }
    }

    private static Result read(final byte[] input, final ClassLoader reader, final Stats stats) {
        long start = System.nanoTime();
        Future<Object> future = worker.submit(() -> SafetySupport.read(input, reader, READ_FILTER));
        Result result;
        try {
            result = new Result(future.get(PER_INPUT_SECONDS, TimeUnit.SECONDS), null, false, System.nanoTime() - start);
        } catch (ExecutionException e) {
            result = new Result(null, e.getCause(), false, System.nanoTime() - start);
        } catch (TimeoutException e) {
            future.cancel(true);
            worker.shutdownNow();
            worker = newWorker(); // the stuck thread is a daemon; the next inputs get a fresh one
            result = new Result(null, null, true, System.nanoTime() - start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        stats.add(result);
        return result;
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-reader");
            t.setDaemon(true);
            return t;
        });
    }

    /** Counts of one fuzz test: inputs, time, slowest input, outcomes by exception type. */
    private static final class Stats {
        int inputs;
        long nanos;
        long slowest;
        final Map<String, Integer> outcomes = new TreeMap<>();
        /** For each exception type that is not an IOException: the first one seen, where it was thrown. */
        final Map<String, String> examples = new TreeMap<>();

        synchronized void add(final Result r) {
            inputs++;
            nanos += r.nanos;
            slowest = Math.max(slowest, r.nanos);
            String outcome = r.hung ? "HUNG" : r.failure == null ? "read" : r.failure.getClass().getSimpleName();
            outcomes.merge(outcome, 1, Integer::sum);
            if (r.failure != null && !(r.failure instanceof IOException)) {
                StackTraceElement[] at = r.failure.getStackTrace();
                StringBuilder where = new StringBuilder();
                for (int i = 0; i < Math.min(3, at.length); i++) {
                    where.append(i == 0 ? " at " : " < ").append(at[i]);
                }
                examples.putIfAbsent(outcome, r.failure.getMessage() + where);
            }
        }

        @Override
        public synchronized String toString() {
            StringBuilder s = new StringBuilder(String.format("%d inputs in %.1f s, slowest %.1f ms; outcomes %s",
                    inputs, nanos / 1e9, slowest / 1e6, outcomes));
            examples.forEach((type, example) -> s.append("\n    first ").append(type).append(": ").append(example));
            return s.toString();
        }
    }

    private static Stats stats(final String label) {
        synchronized (STATS) {
            return STATS.computeIfAbsent(label, l -> new Stats());
        }
    }

    /** The rejected fixture class was never instantiated nor initialized in {@code reader}. */
    private static void assertNoForbiddenInstances(final ClassLoader reader) {
        assertEquals(0, counter(reader, "forbiddenBaseConstructed"), "an instance of the rejected class was made");
        assertEquals(0, counter(reader, "forbiddenInitialized"), "the rejected class was initialized");
    }

    private static void assertNoProblems(final List<String> problems) {
        if (!problems.isEmpty()) {
            throw new AssertionError(problems.size() + " input(s) broke the rules (saved under "
                    + findings().toAbsolutePath() + "):\n  " + String.join("\n  ",
                    problems.subList(0, Math.min(15, problems.size()))));
        }
    }

    /** Saves a failing input and returns the message with where it went. */
    private static String finding(final String name, final byte[] input, final String message) {
        Path file = findings().resolve(name.replaceAll("[^A-Za-z0-9_.-]", "_") + ".bin");
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, input);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String hex = HexFormat.of().formatHex(input, 0, Math.min(input.length, 96));
        return message + "\n    input " + file.getFileName() + " (" + input.length + " bytes): " + hex
                + (input.length > 96 ? "..." : "");
    }

    private static Path findings() {
        return Path.of("target", "fuzz-findings");
    }

    private static String trace(final Throwable t) {
        java.io.StringWriter out = new java.io.StringWriter();
        t.printStackTrace(new java.io.PrintWriter(out));
        String s = out.toString();
        return s.length() > 2500 ? s.substring(0, 2500) + "..." : s;
    }

    // ------------------------------------------------------------------------------------------------
    // seeds and stream surgery

    /** The seed streams of one format: every round-tripping corpus case, and graphs of the safety fixtures. */
    private static Seeds seeds(final boolean transformed) {
        ChildFirstLoader writer = SafetySupport.loader(transformed);
        Map<String, byte[]> streams = new LinkedHashMap<>();
        for (CorpusRoundTripTest.CorpusCase c : SafetySupport.roundTripCases()) {
            streams.put(c.name, RoundTrip.write(SafetySupport.corpusRoot(writer, c.fixture)));
        }
        streams.put("safety-sample-graph", RoundTrip.write(fixtures(writer, "sampleGraph", 1)));
        streams.put("safety-tick", RoundTrip.write(SafetySupport.make(writer, "Tick", 1L, 2.5, 3, true)));
        streams.put("safety-many-holders", RoundTrip.write(fixtures(writer, "manyHolders", 12)));
        for (String where : List.of("Holder", "SubHolder", "Frozen", "WideHolder", "array", "list")) {
            streams.put("safety-forbidden-in-" + where, RoundTrip.write(fixtures(writer, "withForbidden", where)));
        }
        return new Seeds(transformed ? "converted" : "plain", writer, streams);
    }

    private static Object fixtures(final ClassLoader loader, final String method, final Object... args) {
        try {
            Class<?> type = Class.forName("dev.serialboost.safety.SafetyFixtures", true, loader);
            for (var m : type.getMethods()) {
                if (m.getName().equals(method) && m.getParameterCount() == args.length) {
                    return m.invoke(null, args);
                }
            }
            throw new NoSuchMethodException(method);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Class<?> load(final ClassLoader loader, final String name) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Applies {@code edit} to the first occurrence of {@code pattern} in the plain and the converted seed stream of
     * {@code seed}, reads both, and requires allowed outcomes that agree as {@code same} says.
     *
     * @return 1 when the pattern was found in both streams, else 0
     */
    private static int differential(final String label, final String seed, final byte[] pattern,
                                    final Same same, final Function<byte[], byte[]> edit, final ChildFirstLoader convertedReader,
                                    final ChildFirstLoader plainReader, final Stats stats,
                                    final List<String> problems) {
        byte[] c = replaceFirst(converted.streams.get(seed), pattern, edit);
        byte[] p = replaceFirst(plain.streams.get(seed), pattern, edit);
        if (c == null || p == null) {
            problems.add(label + ": the pattern is not in the " + (c == null ? "converted" : "plain") + " stream");
            return 0;
        }
        Result rc = read(c, convertedReader, stats);
        Result rp = read(p, plainReader, stats);
        String pc = rc.problem();
        String pp = rp.problem();
        if (pc != null || pp != null) {
            problems.add(finding("edit-" + label, c, label + ": converted " + rc + "; plain " + rp));
        } else if (!same.agree(rc, rp)) {
            problems.add(finding("edit-" + label, c, label + ": converted " + rc + " but plain " + rp));
        }
        return 1;
    }

    /** How far the outcomes of an edit of the plain and of the converted stream must agree. */
    private enum Same {
        /** The same exception type, or both read. */
        EXCEPTION,
        /** Both fail with an IOException. */
        IO_EXCEPTION,
        /** Each only has to be allowed. */
        NOTHING;

        boolean agree(final Result converted, final Result plain) {
            return switch (this) {
                case EXCEPTION -> outcome(converted).equals(outcome(plain));
                case IO_EXCEPTION -> converted.failure instanceof IOException && plain.failure instanceof IOException;
                case NOTHING -> true;
            };
        }

        private static String outcome(final Result r) {
            return r.failure == null ? "read" : r.failure.getClass().getName();
        }
    }

    private static byte[] replaceFirst(final byte[] stream, final byte[] pattern, final Function<byte[], byte[]> edit) {
        List<Integer> at = Bytes.indexesOf(stream, pattern);
        if (at.isEmpty()) {
            return null;
        }
        int i = at.get(0);
        return splice(stream, i, pattern.length, edit.apply(java.util.Arrays.copyOfRange(stream, i, i + pattern.length)));
    }

    private static byte[] withInt(final byte[] b, final int at, final int value) {
        byte[] out = b.clone();
        System.arraycopy(intBytes(value), 0, out, at, 4);
        return out;
    }

    /** A TC_STRING (tag, 2-byte length, characters) rewritten as TC_LONGSTRING with the given 8-byte length. */
    private static byte[] longString(final long length, final byte[] shortString) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0x7C);
        for (int k = 7; k >= 0; k--) {
            out.write((int) (length >>> (8 * k)));
        }
        out.write(shortString, 3, shortString.length - 3);
        return out.toByteArray();
    }

    /**
     * {@code TC_OBJECT TC_CLASSDESC name uid flags 0-fields TC_ENDBLOCKDATA TC_NULL} and then {@code data}: in one
     * block-data record with {@code SC_EXTERNALIZABLE | SC_BLOCK_DATA}, or raw with {@code SC_EXTERNALIZABLE} alone.
     */
    private static byte[] externalizableStream(final String className, final long uid, final boolean blockData,
                                               final byte[] data) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeShort(0xACED);
        out.writeShort(5);
        out.writeByte(0x73);
        out.writeByte(0x72);
        out.writeUTF(className);
        out.writeLong(uid);
        out.writeByte(blockData ? 0x0C : 0x04);
        out.writeShort(0);
        out.writeByte(0x78);
        out.writeByte(0x70);
        if (blockData) {
            out.writeByte(0x77);
            out.writeByte(data.length);
        }
        out.write(data);
        if (blockData) {
            out.writeByte(0x78);
        }
        return bytes.toByteArray();
    }

    /** The first TC_BLOCKDATA right after a class descriptor's end (TC_ENDBLOCKDATA, TC_NULL super), or -1. */
    private static int firstBlockAfterDescriptor(final byte[] stream) {
        for (int i = 0; i + 2 < stream.length; i++) {
            if (stream[i] == 0x78 && stream[i + 1] == 0x70 && stream[i + 2] == 0x77) {
                return i + 2;
            }
        }
        return -1;
    }

    static byte[] intBytes(final int v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }
}
