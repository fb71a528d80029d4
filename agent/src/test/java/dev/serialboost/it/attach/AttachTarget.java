package dev.serialboost.it.attach;

import dev.serialboost.it.GraphDump;
import dev.serialboost.it.StreamFlags;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Test app for DynamicAttachIT: uses {@link A}, prints {@code READY}, waits for a line on stdin (the test attaches
 * the agent meanwhile; end of input also continues, for the run without the agent), then loads {@link B} and
 * {@link C} (by name, so nothing loads them earlier) and round-trips all three.
 */
public final class AttachTarget {

    private static final String PKG = "dev.serialboost.it.attach.";

    private AttachTarget() {
    }

    public static void main(final String[] args) throws Exception {
        A a = A.sample();
        System.out.println("before: A " + GraphDump.kind(a.getClass()) + " " + roundTrip(a));
        System.out.println("READY");
        System.out.flush();
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();

        Object b = Class.forName(PKG + "B").getMethod("sample").invoke(null);
        Object c = Class.forName(PKG + "C").getMethod("sample").invoke(null);
        System.out.println("after: A " + GraphDump.kind(a.getClass()) + " B " + GraphDump.kind(b.getClass()) + " C "
                + GraphDump.kind(c.getClass()));
        System.out.println("A " + roundTrip(a));
        System.out.println("B " + roundTrip(b));
        System.out.println("C " + roundTrip(c));
    }

    private static String roundTrip(final Object o) throws Exception {
        byte[] bytes = StreamFlags.write(o);
        Object copy = StreamFlags.read(bytes);
        return "flags=" + StreamFlags.flags(bytes, o.getClass().getName()) + " copy: "
                + String.join(" | ", new GraphDump().graph(copy));
    }
}
