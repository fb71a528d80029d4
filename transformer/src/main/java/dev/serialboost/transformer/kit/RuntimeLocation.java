package dev.serialboost.transformer.kit;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Where the runtime lives once the agent installs it. Its classes are compiled (and unit-tested) in {@code
 * dev.serialboost.runtime} and its {@code engine}, {@code converted} and {@code jdk} packages; the agent defines them
 * in {@code java.base}'s own {@code java.io} package, as {@code java.io.Serialboost$<Name>}, so that they are part of
 * the module whose internals they use: the patched {@code java.io} code reaches their package-private entry points
 * and nothing else can, and strong encapsulation keeps every other class from reflecting on their fields (the
 * bootstrap loader's unnamed module, where they were defined before, is open to every class). The runtime's own
 * class files go through {@link #relocate} once, when the agent is built ({@link RuntimeImage}); the patches, the
 * converted bodies and the field-copy generator name the runtime by {@link #installedName} directly, so that no class
 * load pays for a second pass.
 */
public final class RuntimeLocation {

    /** The package the runtime is compiled in (its shared classes; its layers' packages are inside), as it appears in
     * class files. */
    public static final String SOURCE = "dev/serialboost/runtime/";
    /** What {@link #SOURCE} becomes: a prefix of class names in {@code java.io}. */
    public static final String INSTALLED = "java/io/Serialboost$";

    private static final byte[] SOURCE_BYTES = SOURCE.getBytes(StandardCharsets.UTF_8);
    private static final byte[] INSTALLED_BYTES = INSTALLED.getBytes(StandardCharsets.UTF_8);

    private RuntimeLocation() {
    }

    /**
     * The internal name a runtime class has once installed ({@code dev/serialboost/runtime/engine/Engine} to {@code
     * java/io/Serialboost$Engine}: every runtime package becomes one, so simple names are unique across them); any
     * other name as it is.
     */
    public static String installedName(final String internalName) {
        if (!internalName.startsWith(SOURCE)) {
            return internalName;
        }
        int layer = layerLength(internalName.getBytes(StandardCharsets.UTF_8), SOURCE.length(), internalName.length());
        return INSTALLED + internalName.substring(SOURCE.length() + layer);
    }

    /**
     * The class file with every constant-pool string that names the runtime's package (class names, descriptors,
     * signatures) naming its installed place instead; {@code classFile} itself when none does. Only the constant
     * pool changes: everything after it refers to entries by index.
     */
    public static byte[] relocate(final byte[] classFile) {
        int count = u2(classFile, 8);
        int at = 10;
        int[] ends = new int[count]; // 0: the second slot of a long or a double
        boolean any = false;
        for (int i = 1; i < count; i++) {
            int tag = classFile[at] & 0xFF;
            switch (tag) {
                case 1 -> {
                    int length = u2(classFile, at + 1);
                    any |= indexOf(classFile, at + 3, at + 3 + length) >= 0;
                    at += 3 + length;
                }
                case 3, 4, 9, 10, 11, 12, 17, 18 -> at += 5;
                case 5, 6 -> at += 9;
                case 7, 8, 16, 19, 20 -> at += 3;
                case 15 -> at += 4;
                default -> throw new IllegalArgumentException("not a class file: constant pool tag " + tag);
            }
            ends[i] = at;
            if (tag == 5 || tag == 6) {
                i++;
            }
        }
        if (!any) {
            return classFile;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(classFile.length + 256);
        out.write(classFile, 0, 10);
        for (int i = 1, start = 10; i < count; i++) {
            if (ends[i] == 0) {
                continue;
            }
            if ((classFile[start] & 0xFF) == 1) {
                byte[] text = replaceAll(classFile, start + 3, ends[i]);
                out.write(1);
                out.write(text.length >>> 8);
                out.write(text.length);
                out.write(text, 0, text.length);
            } else {
                out.write(classFile, start, ends[i] - start);
            }
            start = ends[i];
        }
        out.write(classFile, at, classFile.length - at);
        return out.toByteArray();
    }

    private static byte[] replaceAll(final byte[] b, final int from, final int to) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(to - from + 16);
        int at = from;
        for (int hit; (hit = indexOf(b, at, to)) >= 0; ) {
            out.write(b, at, hit - at);
            out.write(INSTALLED_BYTES, 0, INSTALLED_BYTES.length);
            at = hit + SOURCE_BYTES.length;
            at += layerLength(b, at, to);
        }
        out.write(b, at, to - at);
        return out.toByteArray();
    }

    /**
     * The length of a layer's package name and its slash ({@code engine/}) at {@code from}, or 0 when the name there
     * is a class of the shared package: a segment of lower-case letters followed by a slash.
     */
    private static int layerLength(final byte[] b, final int from, final int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == '/') {
                return i > from ? i + 1 - from : 0;
            }
            if (b[i] < 'a' || b[i] > 'z') {
                return 0;
            }
        }
        return 0;
    }

    private static int indexOf(final byte[] b, final int from, final int to) {
        outer:
        for (int i = from; i <= to - SOURCE_BYTES.length; i++) {
            for (int j = 0; j < SOURCE_BYTES.length; j++) {
                if (b[i + j] != SOURCE_BYTES[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static int u2(final byte[] b, final int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }
}
