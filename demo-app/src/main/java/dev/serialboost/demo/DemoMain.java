package dev.serialboost.demo;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A legacy market-data feed: a publisher and a subscriber exchanging {@code Serializable} messages over a
 * loopback TCP socket with plain {@link java.io.ObjectOutputStream} / {@link java.io.ObjectInputStream}, in
 * three phases (a new stream per message, one long-lived stream, a journal file written and replayed).
 *
 * <p>Each phase prints one line, {@code result phase=NAME messages=N bytes=N ms=N msg/s=N MB/s=N checksum=HEX
 * ...}: bytes are those on the socket or in the file, MB is 10^6 bytes, and the checksum is a CRC32 over every
 * field of every received message in order. The program also checks each checksum against the messages it
 * published and exits with status 2 if they differ.
 */
public final class DemoMain {

    static final int EXIT_USAGE = 64;
    static final int EXIT_DATA_DIFFERS = 2;

    private static final long SEED = 20_261_122L;

    private DemoMain() {
    }

    public static void main(final String[] args) throws Exception {
        int messages = 100_000;
        int warmup = 3;
        int rounds = 5;
        int resetEvery = 1_000;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> {
                    messages = 3_000;
                    warmup = 1;
                    rounds = 1;
                }
                case "--messages" -> messages = number(args, ++i);
                case "--warmup" -> warmup = number(args, ++i);
                case "--rounds" -> rounds = number(args, ++i);
                case "--reset-every" -> resetEvery = number(args, ++i);
                case "--help", "-h" -> {
                    usage(System.out);
                    return;
                }
                default -> {
                    System.err.println("unknown argument: " + args[i]);
                    usage(System.err);
                    System.exit(EXIT_USAGE);
                }
            }
        }
        if (messages < 1 || rounds < 1 || resetEvery < 1 || warmup < 0) {
            System.err.println("--messages, --rounds and --reset-every must be at least 1, --warmup at least 0");
            System.exit(EXIT_USAGE);
        }

        System.out.printf(Locale.ROOT, "market-data feed demo: %d messages per phase (%s); %d warm-up and %d"
                + " measured round%s; Java %s%n", messages, Messages.MIX, warmup, rounds, rounds == 1 ? "" : "s",
                System.getProperty("java.version"));
        List<Object[]> feeds = List.of(new Messages(SEED).first(messages), new Messages(SEED + 1).first(messages),
                new Messages(SEED + 2).first(messages));
        List<String> expected = List.of(checksum(feeds.get(0)), checksum(feeds.get(1)), checksum(feeds.get(2)));

        long start = System.nanoTime();
        for (int round = 0; round < warmup; round++) {
            runPhases(feeds, resetEvery);
        }
        if (warmup > 0) {
            System.out.printf(Locale.ROOT, "warm-up done in %d ms%n", (System.nanoTime() - start) / 1_000_000);
        }
        List<List<Feed.Result>> byPhase = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int round = 0; round < rounds; round++) {
            List<Feed.Result> results = runPhases(feeds, resetEvery);
            for (int p = 0; p < results.size(); p++) {
                byPhase.get(p).add(results.get(p));
            }
        }

        List<String> mismatches = new ArrayList<>();
        for (int p = 0; p < byPhase.size(); p++) {
            List<Feed.Result> phase = byPhase.get(p);
            StringBuilder times = new StringBuilder();
            for (Feed.Result r : phase) {
                times.append(times.length() == 0 ? "" : ",").append(r.nanos() / 1_000_000);
                if (!expected.get(p).equals(r.checksum())) {
                    mismatches.add(r.phase() + ": received checksum " + r.checksum() + ", published "
                            + expected.get(p));
                }
            }
            List<Feed.Result> sorted = new ArrayList<>(phase);
            sorted.sort(Comparator.comparingLong(Feed.Result::nanos));
            Feed.Result r = sorted.get(sorted.size() / 2);
            System.out.printf(Locale.ROOT, "result phase=%s messages=%d bytes=%d ms=%d msg/s=%.0f MB/s=%.2f"
                    + " checksum=%s rounds-ms=%s%s%n", r.phase(), r.messages(), r.bytes(), r.nanos() / 1_000_000,
                    r.messagesPerSecond(), r.megabytesPerSecond(), r.checksum(), times, r.detail());
        }
        if (!mismatches.isEmpty()) {
            for (String m : mismatches) {
                System.out.println("ERROR: the subscriber did not receive what was published: " + m);
            }
            System.exit(EXIT_DATA_DIFFERS);
        }
        System.out.println("every phase received exactly what was published");
    }

    private static List<Feed.Result> runPhases(final List<Object[]> feeds, final int resetEvery) throws Exception {
        return List.of(
                Feed.perMessageStreams(feeds.get(0)),
                Feed.longLivedStream(feeds.get(1), resetEvery),
                Feed.journal(feeds.get(2), resetEvery));
    }

    /** The checksum of the published messages, computed from the objects themselves (no serialization). */
    static String checksum(final Object[] messages) {
        Digest digest = new Digest();
        for (Object message : messages) {
            digest.add(message);
        }
        return digest.value();
    }

    private static int number(final String[] args, final int i) {
        if (i >= args.length) {
            System.err.println(args[i - 1] + " needs a number");
            System.exit(EXIT_USAGE);
        }
        try {
            return Integer.parseInt(args[i].replace("_", ""));
        } catch (NumberFormatException e) {
            System.err.println(args[i - 1] + " needs a number, not '" + args[i] + "'");
            System.exit(EXIT_USAGE);
            return 0;
        }
    }

    private static void usage(final PrintStream out) {
        out.println("usage: java -jar serialboost-demo-app.jar [--quick] [--messages N] [--warmup N] [--rounds N]"
                + " [--reset-every N]");
        out.println("  --messages N     messages per phase (default 100000)");
        out.println("  --warmup N       unmeasured warm-up rounds first, for the JIT compiler (default 3)");
        out.println("  --reset-every N  ObjectOutputStream.reset() every N messages on long-lived streams"
                + " (default 1000)");
        out.println("  --rounds N       measured rounds; each phase reports its median round (default 5)");
        out.println("  --quick          3000 messages, 1 warm-up round, 1 round: a smoke test, not a measurement");
    }
}
