package dev.serialboost.bench;

/**
 * The application of the transform-time measurement: loads, links and initializes the classes
 * {@link ClassGenerator} wrote (on the class path) and prints how long that took:
 * {@code loaded N classes in X.Y ms}. With the agent ({@code convert=all,summary=true}) the agent's exit line adds the
 * time spent in its transformer.
 */
public final class ManyClassesApp {

    private ManyClassesApp() {
    }

    public static void main(final String[] args) throws ClassNotFoundException {
        int count = Integer.parseInt(args[0]);
        ClassLoader loader = ManyClassesApp.class.getClassLoader();
        long start = System.nanoTime();
        for (int i = 0; i < count; i++) {
            Class.forName(ClassGenerator.name(i), true, loader);
        }
        long nanos = System.nanoTime() - start;
        System.out.printf(java.util.Locale.ROOT, "loaded %d classes in %.1f ms%n", count, nanos / 1e6);
    }
}
