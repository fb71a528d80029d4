package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.FileSystem;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The patch of {@code ObjectOutputStream$HandleTable} ({@link HandleTablePatch}) against the class files of every
 * tested JDK (whose fingerprints, and verification of the patched class, the contract test checks): run (renamed, in
 * a loader of its own) side by side with the JDK's own class, it gives every object the same handle and answers
 * every lookup the same through random assigns, lookups and clears, while its buckets are those of the JDK's until
 * the JDK's table grows past {@link HandleTablePatch#SMALL_TABLE} entries, and from then on grow whenever they hold
 * as many entries as there are buckets, and only then, fourfold while they hold that many. A class of another shape
 * is refused. That streams written through it are byte for byte the JDK's is checked end to end (EngineWarmIT,
 * EngineIdentityIT: streams of hundreds of objects).
 */
class HandleTablePatchTest {

    private static final String RENAMED = "dev/serialboost/transformer/PatchedHandleTable";

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyTestedJdkIsPatchedAndTheTableAnswersAsTheJdks(final Jdk jdk) throws Exception {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            byte[] original = JdkClassFiles.read(jrt, HandleTablePatch.HANDLE_TABLE);
            byte[] patched = JdkClassFiles.apply(new HandleTablePatch(), original, null);

            Table jdks = new Table(define(original, "jdk"));
            Table ours = new Table(define(patched, "patched"));
            SplittableRandom random = new SplittableRandom(jdk.feature());
            List<Object> objects = new ArrayList<>();
            Map<Object, Integer> model = new IdentityHashMap<>();
            boolean grewPastSmall = false;
            for (int step = 0; step < 60_000; step++) {
                int op = random.nextInt(100);
                if (op == 0 && random.nextInt(20) == 0) {
                    jdks.clear();
                    ours.clear();
                    model.clear();
                    objects.clear();
                } else if (op < 45) {
                    Object o = new Object();
                    objects.add(o);
                    int bucketsBefore = ours.buckets();
                    int jdkBucketsBefore = jdks.buckets();
                    int handle = jdks.assign(o);
                    assertEquals(model.size(), handle, "the JDK's table numbers entries in order");
                    assertEquals(handle, ours.assign(o), "the handle of a new entry");
                    boolean grew = ours.buckets() != bucketsBefore;
                    if (!grewPastSmall && handle >= HandleTablePatch.SMALL_TABLE
                            && jdks.buckets() != jdkBucketsBefore) {
                        // where the JDK's table grows past SMALL_TABLE entries, the patched one quadruples
                        assertEquals(4 * bucketsBefore + 1, ours.buckets(), "the growth past a small table");
                        grewPastSmall = true;
                    } else if (grewPastSmall) {
                        // then it grows when it holds as many entries as buckets, and only then, quadrupling while
                        // it holds SMALL_TABLE entries or more (after a clear, fewer: then it doubles)
                        assertEquals(handle >= bucketsBefore, grew, "growth at " + handle + " entries in "
                                + bucketsBefore + " buckets");
                        if (grew) {
                            assertEquals((handle >= HandleTablePatch.SMALL_TABLE ? 4 : 2) * bucketsBefore + 1,
                                    ours.buckets(), "the growth of a large table at " + handle + " entries");
                        }
                    }
                    model.put(o, handle);
                } else {
                    // an entered object, or a stranger
                    Object o = objects.isEmpty() || op < 60 ? new Object()
                            : objects.get(random.nextInt(objects.size()));
                    int expected = model.getOrDefault(o, -1);
                    assertEquals(expected, jdks.lookup(o), "the JDK's lookup");
                    assertEquals(expected, ours.lookup(o), "the patched lookup at " + model.size() + " entries");
                }
                if (!grewPastSmall) {
                    // (a clear keeps the buckets: after a large table's, the two differ)
                    assertEquals(jdks.buckets(), ours.buckets(), "buckets of a small table, at " + model.size()
                            + " entries");
                }
            }
            assertTrue(grewPastSmall, "test bug: the tables never grew past a small one");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void aClassOfAnotherShapeIsRefused(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            HandleTablePatch patch = new HandleTablePatch();
            byte[] patched = JdkClassFiles.apply(patch, JdkClassFiles.read(jrt, HandleTablePatch.HANDLE_TABLE), null);
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> JdkClassFiles.apply(patch, patched, null));
            assertTrue(refused.getMessage().contains("java.io.ObjectOutputStream$HandleTable is not one serialboost"
                    + " knows (fingerprint "), refused.getMessage());
        }
    }

    /** A renamed {@code HandleTable} driven through its own methods. */
    private static final class Table {
        private final Object table;
        private final Method assign;
        private final Method lookup;
        private final Method clear;
        private final Field spine;

        Table(final Class<?> c) throws ReflectiveOperationException {
            Constructor<?> make = c.getDeclaredConstructor(int.class, float.class);
            make.setAccessible(true);
            table = make.newInstance(10, 3.0f); // as ObjectOutputStream makes its tables
            assign = accessible(c.getDeclaredMethod("assign", Object.class));
            lookup = accessible(c.getDeclaredMethod("lookup", Object.class));
            clear = accessible(c.getDeclaredMethod("clear"));
            spine = c.getDeclaredField("spine");
            spine.setAccessible(true);
        }

        int assign(final Object o) throws ReflectiveOperationException {
            return (int) assign.invoke(table, o);
        }

        int lookup(final Object o) throws ReflectiveOperationException {
            return (int) lookup.invoke(table, o);
        }

        void clear() throws ReflectiveOperationException {
            clear.invoke(table);
        }

        int buckets() throws ReflectiveOperationException {
            return ((int[]) spine.get(table)).length;
        }

        private static Method accessible(final Method m) {
            m.setAccessible(true);
            return m;
        }
    }

    private static Class<?> define(final byte[] classFile, final String label) throws ClassNotFoundException {
        return JdkClassFiles.defineRenamed(classFile, HandleTablePatch.HANDLE_TABLE, RENAMED, label);
    }
}
