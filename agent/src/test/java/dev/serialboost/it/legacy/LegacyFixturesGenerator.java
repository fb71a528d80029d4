package dev.serialboost.it.legacy;

import dev.serialboost.it.legacy.model.Code;
import dev.serialboost.it.legacy.model.Dog;
import dev.serialboost.it.legacy.model.Envelope;
import dev.serialboost.it.legacy.model.Leg;
import dev.serialboost.it.legacy.model.Pet;
import dev.serialboost.it.legacy.model.Portfolio;
import dev.serialboost.it.legacy.model.Quote;
import dev.serialboost.it.legacy.model.Ring;
import dev.serialboost.it.legacy.model.Side;
import dev.serialboost.it.legacy.model.SignedEnvelope;
import dev.serialboost.it.legacy.model.Staff;
import dev.serialboost.it.legacy.model.Trade;
import dev.serialboost.testing.Converted;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes the checked-in plain-JDK streams of {@code agent/src/test/resources/legacy}: what a JVM without
 * serialboost wrote before the agent was attached. For each workload it writes {@code NAME.ser} (the stream, in
 * the layout of {@link LegacyFiles}) and {@code NAME.txt} (what plain JDK reading of that stream gives, as
 * {@link LegacyRead} prints it). {@code LegacyFixturesIT} reads the {@code .ser} files with the agent and compares
 * with the {@code .txt} files, and checks that this generator still writes exactly the checked-in bytes.
 *
 * <p>The output is deterministic: two runs write identical files. The classes are those of
 * {@code dev.serialboost.it.legacy.model}; change one and the checked-in streams become streams of another class
 * version, so regenerate (and review the diff of the {@code .txt} files).
 *
 * <p>To regenerate, from the repository root, on JDK 17 and without the agent (the generator refuses to run with
 * it):
 * <pre>
 * ./mvnw -q -pl transformer,agent -am package -DskipTests
 * java -cp agent/target/test-classes:transformer/target/test-classes \
 *     dev.serialboost.it.legacy.LegacyFixturesGenerator agent/src/test/resources/legacy
 * </pre>
 */
public final class LegacyFixturesGenerator {

    /** Where the checked-in streams live, relative to the repository root. */
    public static final String DEFAULT_DIR = "agent/src/test/resources/legacy";

    private LegacyFixturesGenerator() {
    }

    public static void main(final String[] args) throws Exception {
        if (Converted.hasBodies(Quote.class)) {
            throw new IllegalStateException("run the generator without -javaagent: the checked-in streams must be"
                    + " what a JVM without serialboost writes");
        }
        Path dir = Path.of(args.length > 0 ? args[0] : DEFAULT_DIR);
        Files.createDirectories(dir);
        Map<String, List<Object>> streams = streams();
        for (Map.Entry<String, List<Object>> e : streams.entrySet()) {
            String name = e.getKey();
            byte[] stream = LegacyFiles.write(e.getValue());
            Files.write(dir.resolve(name + ".ser"), stream);
            // the expectation is what plain JDK reading of those very bytes gives
            String expected = LegacyRead.blocks(name, stream, null, false);
            Files.writeString(dir.resolve(name + ".txt"), expected, StandardCharsets.UTF_8);
            System.out.println(name + ".ser: " + stream.length + " bytes");
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.sorted().toList()) {
                String file = p.getFileName().toString();
                String stem = file.replaceFirst("\\.(ser|txt)$", "");
                if (!stem.equals(file) && !streams.containsKey(stem)) {
                    System.out.println("not written by this generator (delete it if it is stale): " + p);
                }
            }
        }
    }

    /** The workloads, by file name; each is the list of top-level objects of one stream. */
    static Map<String, List<Object>> streams() {
        Map<String, List<Object>> streams = new LinkedHashMap<>();

        // all-primitive objects the agent writes as bulk records, shared between an array and a list
        Quote[] quotes = {Quote.sample(1), Quote.sample(2), Quote.sample(3)};
        streams.put("quotes", one(new Object[] {quotes, new ArrayList<>(List.of(quotes[2], quotes[0], quotes[2]))}));

        // two serializable levels over a non-serializable base whose constructor runs on read
        Pet cat = new Pet("Tom", 7);
        Dog rex = new Dog("Rex", 3, "collie", 21.5, cat);
        Dog fido = new Dog("Fido", 5, "terrier", 8.25, rex);
        streams.put("hierarchy", one(new Object[] {fido, rex, cat}));

        // final fields without a no-arg constructor, inside records and an enum
        Trade[] trades = {new Trade(1, true, "AAA"), new Trade(2, false, "BBB"), new Trade(3, true, null)};
        streams.put("finals", one(new Object[] {trades, new Leg(trades[0], Side.BUY, Quote.sample(5)),
            new Leg(trades[2], Side.SELL, null)}));

        // cycles: a ring whose nodes all point at the first one
        streams.put("cycles", one(Ring.of(4)));

        // JDK collections and maps holding converted objects, and a self reference
        streams.put("collections", one(Portfolio.sample()));

        // the Employee workload
        streams.put("staff", one(Staff.sample()));

        // custom writeObject data around converted objects, a converted level under a custom one, readResolve
        streams.put("custom", one(new Object[] {new SignedEnvelope(new Code("inner"), "sig", Ring.of(2)),
            new Envelope(Quote.sample(9)), new Code("plain")}));

        // journal style: several top-level objects, later ones referring back to earlier ones
        Trade traded = new Trade(42, true, "JRNL");
        Ring ring = Ring.of(3);
        streams.put("journal", List.of(traded, ring, new Leg(traded, Side.SELL, Quote.sample(4)), ring.next(),
                Portfolio.sample()));
        return streams;
    }

    private static List<Object> one(final Object root) {
        return Collections.singletonList(root);
    }
}
