package dev.serialboost.bench.report;

/** What was timed; ROUND_TRIP is write + read (for RMI: the call). */
enum Op {
    WRITE("write"), READ("read"), ROUND_TRIP("round trip");

    /** The operation's name in the tables. */
    final String label;

    Op(final String label) {
        this.label = label;
    }
}
