package dev.serialboost.it.errors;

import dev.serialboost.it.GraphDump;
import dev.serialboost.it.errors.Labels.Audited;
import dev.serialboost.it.errors.Labels.Box;
import dev.serialboost.it.errors.Labels.Child;
import dev.serialboost.it.errors.Labels.Frozen;
import dev.serialboost.it.errors.Labels.Labelled;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Test app for ConvertedExceptionsIT: the same bad input in every mode, and one line per case with what reading it
 * gave. Writers that put an {@code Integer} where a class has a {@code String} field (their {@code replaceObject}
 * turns each string starting with {@code swap} into {@code 77}), in the stream's own format (with {@code
 * convert=all}, the converted format) and in the plain format (a stream class that writes its descriptors itself,
 * by the JDK's code, which serialboost leaves plain); and plain streams whose descriptor of a {@code Serializable}
 * class has the flags of an {@code Externalizable} one.
 */
public final class ErrorsApp {

    private ErrorsApp() {
    }

    public static void main(final String[] args) throws Exception {
        Map<String, String> lines = new LinkedHashMap<>();
        Map<String, Object> samples = new LinkedHashMap<>();
        samples.put("field", Labelled.of("swap"));
        samples.put("superclass-field", Child.of("swap-base", "kept"));
        samples.put("subclass-field", Child.of("kept", "swap-child"));
        samples.put("both-levels", Child.of("swap-base", "swap-child"));
        samples.put("final-field", new Frozen("swap", 3));
        samples.put("write-read-object", Audited.of("swap"));
        samples.put("in-a-field", Box.of(Labelled.of("swap"), "after"));
        samples.put("none", Box.of(Child.of("a", "b"), "fine"));
        for (boolean plain : new boolean[] {false, true}) {
            for (Map.Entry<String, Object> s : samples.entrySet()) {
                lines.put("integer-in-string/" + (plain ? "plain-format/" : "stream-format/") + s.getKey(),
                        read(write(s.getValue(), true, plain)));
            }
        }
        byte[] labelled = write(Labelled.of("label"), false, true);
        byte[] boxed = write(Box.of(Labelled.of("inside"), "after"), false, true);
        for (int flags : new int[] {0x0C, 0x04, 0x05, 0x0D, 0x06, 0x0E}) {
            String name = String.format("externalizable-flags/0x%02X/", flags);
            lines.put(name + "top", read(withFlags(labelled, Labelled.class.getName(), flags)));
            lines.put(name + "in-a-field", read(withFlags(boxed, Labelled.class.getName(), flags)));
        }
        lines.forEach((k, v) -> System.out.println(k + ": " + v));
    }

    /** {@code o}, then a string; each string starting with {@code swap} written as an Integer when {@code swap}. */
    static byte[] write(final Object o, final boolean swap, final boolean plain) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = plain ? new PlainFormat(bytes, swap) : new Swapping(bytes, swap)) {
            out.writeObject(o);
            out.writeObject("end");
        }
        return bytes.toByteArray();
    }

    static String read(final byte[] stream) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(stream))) {
            Object o = in.readObject();
            return String.join(" | ", new GraphDump().graph(o)) + " || then " + in.readObject();
        } catch (Exception e) {
            return "threw " + e;
        }
    }

    /** The stream with the flags of {@code className}'s descriptor set to {@code flags}. */
    static byte[] withFlags(final byte[] stream, final String className, final int flags) {
        byte[] name = className.getBytes(StandardCharsets.UTF_8);
        byte[] copy = stream.clone();
        for (int i = 0; i + name.length < copy.length; i++) {
            if (java.util.Arrays.equals(copy, i, i + name.length, name, 0, name.length)) {
                copy[i + name.length + 8] = (byte) flags;
                return copy;
            }
        }
        throw new IllegalStateException(className + " not in the stream");
    }

    static class Swapping extends ObjectOutputStream {
        Swapping(final OutputStream out, final boolean swap) throws IOException {
            super(out);
            enableReplaceObject(swap);
        }

        @Override
        protected Object replaceObject(final Object obj) {
            return obj instanceof String s && s.startsWith("swap") ? Integer.valueOf(77) : obj;
        }
    }

    /** Writes its class descriptors itself, with the JDK's code: serialboost writes its objects in the plain format. */
    static final class PlainFormat extends Swapping {
        PlainFormat(final OutputStream out, final boolean swap) throws IOException {
            super(out, swap);
        }

        @Override
        protected void writeClassDescriptor(final ObjectStreamClass desc) throws IOException {
            super.writeClassDescriptor(desc);
        }
    }
}
