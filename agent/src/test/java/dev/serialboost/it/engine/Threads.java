package dev.serialboost.it.engine;

import dev.serialboost.it.engine.Readers.Style;
import dev.serialboost.it.engine.Subjects.Subject;

import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;

/**
 * Many threads writing and reading at once: each of {@link #THREADS} threads builds its own objects and, for
 * {@link #ROUNDS} rounds, writes every subject to a new stream and all of them to one stream, reading each back.
 * Each thread's bytes and graphs must be the same in every round and the same as one thread alone wrote and read
 * them; the report shows, per thread, whether they were and the first case where they were not.
 */
final class Threads {

    static final int THREADS = 4;
    static final int ROUNDS = 4;

    private Threads() {
    }

    /**
     * @param single the {@code write ...} and {@code read/plain ...} texts one thread reported for each
     *               {@code single/<subject>} label
     */
    static void run(final Report r, final Map<String, String> single) throws Exception {
        CyclicBarrier start = new CyclicBarrier(THREADS);
        String[] results = new String[THREADS];
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int index = t;
            Thread thread = new Thread(() -> results[index] = work(start, single), "engine-writer-" + t);
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        for (int t = 0; t < THREADS; t++) {
            r.line("threads/" + t, results[t]);
        }
    }

    private static String work(final CyclicBarrier start, final Map<String, String> single) {
        try {
            start.await();
            String first = null;
            String firstDifference = "none";
            for (int round = 0; round < ROUNDS; round++) {
                StringBuilder all = new StringBuilder();
                List<Subject> subjects = Subjects.all();
                List<Object> objects = new ArrayList<>();
                for (Subject s : subjects) {
                    Object o = s.make().get();
                    objects.add(o);
                    byte[] bytes = Patterns.write(o);
                    String text = "write sha256=" + Digests.sha256(bytes) + " bytes=" + bytes.length + " read/plain "
                            + Readers.read(bytes, 1, Style.OBJECTS, Readers.plain(), null);
                    all.append(text).append('\n');
                    if (!text.equals(single.get("single/" + s.label())) && firstDifference.equals("none")) {
                        firstDifference = "round " + round + " single/" + s.label() + ": " + text;
                    }
                }
                byte[] many = Patterns.write(ObjectOutputStream::new, out -> {
                    for (Object o : objects) {
                        out.writeObject(o);
                    }
                });
                all.append(Digests.sha256(many)).append(' ')
                        .append(Readers.read(many, objects.size(), Style.OBJECTS, Readers.plain(), null));
                if (first == null) {
                    first = all.toString();
                } else if (!first.equals(all.toString()) && firstDifference.equals("none")) {
                    firstDifference = "round " + round + " differs from round 0";
                }
            }
            return "rounds=" + ROUNDS + " sha256=" + Digests.sha256(first.getBytes(StandardCharsets.UTF_8))
                    + " first-difference-from-one-thread-alone: " + firstDifference;
        } catch (Throwable e) {
            return "failed " + Digests.exception(e);
        }
    }
}
