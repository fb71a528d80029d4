package dev.serialboost.it.engine;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test app for EngineConcurrencyIT: {@value #THREADS} threads read and write, all at once, streams of classes of the
 * same names defined by {@value #LOADERS} child-first loaders, each read from code of one loader, in an order that
 * changes between threads. Every object read must be of the class its reading loader defines, with the fields
 * written; every stream must be the bytes a single thread wrote for it first. Prints one line of counts; any
 * difference is printed and counted.
 */
public final class EngineConcurrency {

    static final int THREADS = 8;
    static final int LOADERS = 4;
    static final int ROUNDS = 400;

    private EngineConcurrency() {
    }

    public static void main(final String[] args) throws Exception {
        URL classes = EngineConcurrency.class.getProtectionDomain().getCodeSource().getLocation();
        List<Loader> loaders = new ArrayList<>();
        for (int i = 0; i < LOADERS; i++) {
            loaders.add(new Loader(new TwinLoader("twin-" + i, classes, EngineConcurrency.class.getClassLoader())));
        }
        AtomicInteger problems = new AtomicInteger();
        AtomicInteger reads = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            done.add(pool.submit(() -> {
                for (int round = 0; round < ROUNDS; round++) {
                    Loader loader = loaders.get((thread * 7 + round * (thread + 1)) % LOADERS);
                    try {
                        byte[] bytes = loader.write(round % 3);
                        if (!java.util.Arrays.equals(bytes, loader.expected[round % 3])) {
                            problems.incrementAndGet();
                            System.out.println("different bytes: thread " + thread + " round " + round + " "
                                    + loader.name);
                        }
                        Object read = loader.read(bytes);
                        reads.incrementAndGet();
                        if (read.getClass().getClassLoader() != loader.loader || !loader.sameAsWritten(read, round % 3)) {
                            problems.incrementAndGet();
                            System.out.println("wrong object: thread " + thread + " round " + round + " " + loader.name
                                    + " got " + read.getClass() + " of " + read.getClass().getClassLoader());
                        }
                    } catch (Throwable e) {
                        problems.incrementAndGet();
                        System.out.println("failed: thread " + thread + " round " + round + " " + e);
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        pool.shutdown();
        System.out.println("threads=" + THREADS + " loaders=" + LOADERS + " reads=" + reads + " problems=" + problems);
    }

    /** One loader's classes: its Pojo chain, written once on this thread as the expected bytes. */
    private static final class Loader {
        final TwinLoader loader;
        final String name;
        final Constructor<?> pojo;
        final Method read;
        final byte[][] expected = new byte[3][];

        Loader(final TwinLoader loader) throws Exception {
            this.loader = loader;
            this.name = loader.getName();
            this.pojo = Class.forName(TwinLoader.PACKAGE + "Pojo", true, loader)
                    .getConstructor(int.class, String.class, Object.class);
            this.read = Class.forName(TwinLoader.PACKAGE + "Reader", true, loader).getMethod("read", byte[].class);
            for (int k = 0; k < 3; k++) {
                expected[k] = write(k);
            }
        }

        Object graph(final int k) throws Exception {
            Object tail = pojo.newInstance(k, name + "-tail", k == 2 ? List.of(1, 2, 3) : null);
            return pojo.newInstance(k * 10, name, k == 0 ? tail : pojo.newInstance(k + 1, "mid", tail));
        }

        byte[] write(final int k) throws Exception {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(graph(k));
            }
            return bytes.toByteArray();
        }

        Object read(final byte[] bytes) throws Exception {
            return read.invoke(null, (Object) bytes);
        }

        boolean sameAsWritten(final Object read, final int k) throws Exception {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(read);
            }
            return java.util.Arrays.equals(bytes.toByteArray(), expected[k]);
        }
    }
}
