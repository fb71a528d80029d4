package dev.serialboost.runtime.engine;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * {@link ClassRecording} told the checks of a stream directly, as the patched {@code filterCheck} tells them: a class of
 * the JDK's own and a class of another loader with the very same name (the JVM gives both the same name string) are
 * counted apart, however the checks alternate, although a thread finds the JDK's class's counter in its own table by
 * name; and the stream class's line holds the largest values handed and every check. How the patch hands the values is
 * checked end to end (FilterRecordingIT: the recording against a real filter's notes on 17, 21 and 25).
 */
class ClassRecordingTest {

    /** The JDK's class whose name the twin takes (java.base, bootstrap loader, in no package a loader may not use). */
    private static final String NAME = "sun.security.util.Debug";

    /** The stream class of these checks alone: its line and its classes' first stream are this test's. */
    static final class Probe extends ObjectInputStream {
        Probe(final InputStream in) throws IOException {
            super(in);
        }
    }

    @Test
    void aClassOfAnotherLoaderNamedAsTheJdksIsCountedApart() throws Exception {
        Class<?> jdk = Class.forName(NAME, false, null).arrayType();
        Class<?> twin = twin().arrayType();
        assertSame(jdk.getName(), twin.getName(), "the JVM's name strings, as the recording's table sees them");
        ClassRecording.start();
        try (Probe in = new Probe(new ByteArrayInputStream(header()))) {
            for (int i = 1; i <= 5; i++) {
                ClassRecording.filterCheck(in, jdk, 3, i, 2, 100 + i);
                ClassRecording.filterCheck(in, twin, 7, i, 1, 100 + i);
                ClassRecording.filterCheck(in, null, -1, i, 4, 100 + i);
            }
            for (int i = 0; i < 4; i++) {
                ClassRecording.filterCheck(in, twin, 2, 9, 1, 200);
            }
        }
        String stream = Probe.class.getName();
        List<String> lines = ClassRecording.lines().lines()
                .filter(l -> l.contains(stream)).toList();
        assertEquals(List.of(
                "stream " + stream + " maxdepth=4 maxrefs=9 maxarray=7 maxbytes=200 checks=19",
                "class [L" + NAME + "; loader=bootstrap stream=" + stream + " checks=5",
                "class [L" + NAME + "; loader=twins stream=" + stream + " checks=9"), lines);
    }

    /** Two more stream classes, alternating on one thread ({@code OtherProbe}, {@code LargeProbe}). */
    static final class OtherProbe extends ObjectInputStream {
        OtherProbe(final InputStream in) throws IOException {
            super(in);
        }
    }

    static final class LargeProbe extends ObjectInputStream {
        LargeProbe(final InputStream in) throws IOException {
            super(in);
        }
    }

    /** A third stream class, checked by two threads. */
    static final class SharedProbe extends ObjectInputStream {
        SharedProbe(final InputStream in) throws IOException {
            super(in);
        }
    }

    @Test
    void eachStreamClassKeepsItsOwnMaximaWhenAThreadAlternates() throws Exception {
        ClassRecording.start();
        try (OtherProbe small = new OtherProbe(new ByteArrayInputStream(header()));
             LargeProbe large = new LargeProbe(new ByteArrayInputStream(header()))) {
            ClassRecording.filterCheck(large, null, 50, 500, 50, 5000);
            for (int i = 1; i <= 3; i++) {
                ClassRecording.filterCheck(small, null, i, i, i, 10 * i);
                ClassRecording.filterCheck(large, null, -1, 1, 1, 1);
            }
        }
        assertEquals(List.of("stream " + OtherProbe.class.getName()
                + " maxdepth=3 maxrefs=3 maxarray=3 maxbytes=30 checks=3"), streamLines(OtherProbe.class));
    }

    @Test
    void checksOfSeveralThreadsRaiseOneStreamClassesMaxima() throws Exception {
        ClassRecording.start();
        try (SharedProbe in = new SharedProbe(new ByteArrayInputStream(header()))) {
            ClassRecording.filterCheck(in, null, 1, 1, 1, 1);
            onAnotherThread(() -> ClassRecording.filterCheck(in, null, 8, 8, 8, 80));
            ClassRecording.filterCheck(in, null, 5, 5, 5, 50);
            assertEquals(List.of("stream " + SharedProbe.class.getName()
                    + " maxdepth=8 maxrefs=8 maxarray=8 maxbytes=80 checks=3"), streamLines(SharedProbe.class));
            onAnotherThread(() -> ClassRecording.filterCheck(in, null, 2, 2, 9, 2));
            ClassRecording.filterCheck(in, null, 2, 9, 2, 2);
        }
        assertEquals(List.of("stream " + SharedProbe.class.getName()
                + " maxdepth=9 maxrefs=9 maxarray=8 maxbytes=80 checks=5"), streamLines(SharedProbe.class));
    }

    /** Runs {@code check} on a thread of its own, to its end. */
    private static void onAnotherThread(final Runnable check) throws InterruptedException {
        Thread thread = new Thread(check);
        thread.start();
        thread.join();
    }

    private static List<String> streamLines(final Class<?> streamClass) {
        return ClassRecording.lines().lines().filter(l -> l.startsWith("stream " + streamClass.getName() + " "))
                .toList();
    }

    /** A class named {@link #NAME}, defined by a loader of its own named {@code twins}. */
    private static Class<?> twin() throws ClassNotFoundException {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, NAME.replace('.', '/'), null, "java/lang/Object", null);
        cw.visitEnd();
        byte[] b = cw.toByteArray();
        ClassLoader twins = new ClassLoader("twins", null) {
            {
                defineClass(NAME, b, 0, b.length);
            }
        };
        return Class.forName(NAME, false, twins);
    }

    private static byte[] header() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new ObjectOutputStream(bytes).close();
        return bytes.toByteArray();
    }
}
