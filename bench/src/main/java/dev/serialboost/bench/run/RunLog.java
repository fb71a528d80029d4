package dev.serialboost.bench.run;

/** The runner's progress lines on standard output, each after {@code [bench]}. */
public final class RunLog {

    private RunLog() {
    }

    public static void print(final String line) {
        System.out.println("[bench] " + line);
    }
}
