package dev.serialboost.bench.report;

import java.util.List;

/**
 * How a row uses Java serialization: the two stream patterns, and the real clients, each one benchmark method of its
 * own (the RMI call, a commons-lang3 clone, a file journal, a cache's serializing tier, a JDBC column).
 */
enum Pattern {
    ONE("one per stream", null, "OnePerStream"),
    THOUSAND("1,000 per stream", null, "ThousandPerStream"),
    RMI("RMI call", "RmiBenchmark", "remoteCall"),
    CLONE("commons-lang3 clone", "CloneBenchmark", "cloneOne"),
    CLONE_LIST("commons-lang3 clone, list of 100", "CloneBenchmark", "cloneHundred"),
    JOURNAL("file journal, 1,000 per file", "JournalBenchmark", "roundTripThousand"),
    CACHE("Ehcache, off-heap tier", "CacheBenchmark", "roundTrip"),
    JDBC("H2, JAVA_OBJECT column", "JdbcBenchmark", "roundTrip");

    /** The patterns of the stream benchmarks. */
    static final List<Pattern> STREAMS = List.of(ONE, THOUSAND);
    /** The real clients: each row one benchmark method, its time a round trip. */
    static final List<Pattern> CLIENTS = List.of(RMI, CLONE, CLONE_LIST, JOURNAL, CACHE, JDBC);

    /** The pattern's name in the tables. */
    final String label;
    /** The simple name of a real client's benchmark class; {@code null} for the stream patterns. */
    final String benchmark;
    /** The end of its benchmark methods' names ({@code writeOnePerStream}); a real client's one method. */
    final String method;

    Pattern(final String label, final String benchmark, final String method) {
        this.label = label;
        this.benchmark = benchmark;
        this.method = method;
    }

    /** Whether a row of this pattern is a real client's (one method, a round trip) rather than a stream pattern's. */
    boolean client() {
        return benchmark != null;
    }

    /** The pattern of a benchmark method: a real client's, else the stream pattern its name ends with. */
    static Pattern of(final String benchmark, final String method) {
        for (Pattern p : CLIENTS) {
            if (p.benchmark.equals(benchmark) && p.method.equals(method)) {
                return p;
            }
        }
        for (Pattern p : STREAMS) {
            if (method.endsWith(p.method)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no pattern for " + benchmark + "." + method);
    }
}
