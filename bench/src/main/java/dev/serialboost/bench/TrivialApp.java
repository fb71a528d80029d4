package dev.serialboost.bench;

/**
 * The trivial application of the start-up measurement: prints one line and exits, serializing nothing. What it
 * costs with an agent is what the agent costs every JVM it is attached to.
 */
public final class TrivialApp {

    private TrivialApp() {
    }

    public static void main(final String[] args) {
        System.out.println("hello");
    }
}
