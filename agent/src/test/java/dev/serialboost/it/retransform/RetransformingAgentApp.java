package dev.serialboost.it.retransform;

import dev.serialboost.it.StreamFlags;

import java.io.Serializable;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.Arrays;

/**
 * Another agent, and the application it runs in: its {@code premain} registers a retransformation-capable
 * transformer that changes nothing, and the application retransforms a class serialboost converted as it loaded,
 * as agents that instrument loaded classes do, then serializes an object of it. The retransformation must succeed
 * (the class keeps the members it was defined with) and the object must still be written in the converted format.
 */
public final class RetransformingAgentApp {

    private static volatile Instrumentation inst;
    private static volatile int seen;

    private RetransformingAgentApp() {
    }

    public static void premain(final String args, final Instrumentation instrumentation) {
        inst = instrumentation;
        instrumentation.addTransformer(new ClassFileTransformer() {
            @Override
            public byte[] transform(final ClassLoader loader, final String name, final Class<?> redefined,
                                    final ProtectionDomain domain, final byte[] bytes) {
                if (redefined == Point.class) {
                    seen++;
                }
                return null;
            }
        }, true);
    }

    public static void main(final String[] args) throws Exception {
        Point p = new Point(3, "three");
        String before = members();
        inst.retransformClasses(Point.class);
        System.out.println("retransformed seen=" + seen + " same members=" + before.equals(members()));
        byte[] stream = StreamFlags.write(p);
        Point copy = (Point) StreamFlags.read(stream);
        System.out.println("flags=" + StreamFlags.flags(stream, Point.class.getName()) + " copy=" + copy.x + " "
                + copy.name);
    }

    private static String members() {
        return Arrays.toString(Arrays.stream(Point.class.getDeclaredMethods()).map(m -> m.getName()).sorted()
                .toArray()) + Arrays.toString(Arrays.stream(Point.class.getDeclaredFields()).map(f -> f.getName())
                .sorted().toArray());
    }

    /** A class serialboost converts. */
    static final class Point implements Serializable {
        int x;
        String name;

        Point(final int x, final String name) {
            this.x = x;
            this.name = name;
        }
    }
}
