package dev.serialboost.bench.report;

import java.util.List;

/** The two stream patterns, and the real client. */
enum Pattern {
    ONE("one per stream", "OnePerStream"),
    THOUSAND("1,000 per stream", "ThousandPerStream"),
    RMI("RMI call", "remoteCall");

    /** The patterns of the stream benchmarks. */
    static final List<Pattern> STREAMS = List.of(ONE, THOUSAND);

    /** The pattern's name in the tables. */
    final String label;
    /** The end of its benchmark methods' names ({@code writeOnePerStream}); RMI's one method. */
    final String method;

    Pattern(final String label, final String method) {
        this.label = label;
        this.method = method;
    }
}
