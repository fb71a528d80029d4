package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodInsnNode;

import java.util.List;
import java.util.Set;

/**
 * The engine layer's patch of {@code ObjectInputStream$PeekInputStream}, through which an {@code ObjectInputStream}
 * reads its underlying stream: outside block data (every type code, handle, class descriptor and primitive field
 * block of an object) it reads exactly the bytes it needs, a few at a time, each a call of the underlying stream's
 * {@code read}. Over a {@code ByteArrayInputStream} (deep copies, caches and session stores that keep
 * {@code byte[]} values, RMI's marshalled arguments) each such call takes and releases that stream's lock.
 *
 * <p>The patch turns the four calls {@code in.read()} and {@code in.read(b, off, len)} of {@code peek()},
 * {@code read()} and {@code read(byte[], int, int)} into {@code dev.serialboost.runtime.ArrayReads.read(in)} and
 * {@code ArrayReads.read(in, b, off, len)}, which, for an object of exactly {@code java.io.ByteArrayInputStream},
 * do what its {@code read} methods do on its fields (the same bytes, position and results), without the lock; for
 * any other stream, or arguments out of range, they call the stream's own method. Applied only where
 * {@code ByteArrayInputStream.read()} and {@code read(byte[], int, int)} have a {@link #KNOWN known fingerprint}
 * (the code {@code ArrayReads} repeats) and each of the four calls is where this patch expects it.
 */
public final class ArrayReadsPatch {

    public static final String PEEK_INPUT_STREAM = "java/io/ObjectInputStream$PeekInputStream";
    public static final String BYTE_ARRAY_INPUT_STREAM = "java/io/ByteArrayInputStream";

    private static final String ARRAY_READS = RuntimeLocation.installedName("dev/serialboost/runtime/engine/ArrayReads");
    private static final String READ_BYTE = "()I";
    private static final String READ_BYTES = "([BII)I";
    /** The methods of {@code PeekInputStream} patched, and how many calls of each kind each makes. */
    private static final List<String> METHODS = List.of("peek()I", "read()I", "read([BII)I");

    /**
     * Fingerprints ({@link #fingerprint}) of {@code ByteArrayInputStream.read()} and {@code read(byte[], int, int)}
     * together, in the JDKs whose code {@code ArrayReads} was checked against.
     */
    public static final Set<String> KNOWN = Set.of(
            "dd7004cafaeec412"); // OpenJDK 17.0.15 and 17.0.21, Temurin 21.0.8 and 25

    private ArrayReadsPatch() {
    }

    /** The fingerprint of {@code ByteArrayInputStream}'s two {@code read} methods; null when one is missing. */
    public static String fingerprint(final byte[] byteArrayInputStream) {
        return EnginePatches.fingerprintOf(byteArrayInputStream, "read" + READ_BYTE, "read" + READ_BYTES);
    }

    /**
     * Patches {@code PeekInputStream} as the class javadoc says, after checking each call it replaces is where it
     * expects it: one {@code in.read()} in {@code peek()}, one in {@code read()}, two {@code in.read(b, off, len)}
     * in {@code read(byte[], int, int)}, and none elsewhere.
     *
     * @throws IllegalStateException when the class is not of that shape (the caller leaves it as it is)
     */
    public static byte[] patch(final byte[] peekInputStream) {
        int[] swapped = new int[METHODS.size()];
        int[] elsewhere = new int[1];
        byte[] patched = EnginePatches.swapCalls(peekInputStream, (method, call) -> {
            if (!call.owner.equals("java/io/InputStream") || !call.name.equals("read")
                    || !call.desc.equals(READ_BYTE) && !call.desc.equals(READ_BYTES)) {
                return null;
            }
            int which = (method.access & Opcodes.ACC_STATIC) != 0 ? -1 : METHODS.indexOf(method.name + method.desc);
            if (which < 0) {
                elsewhere[0]++;
                return null;
            }
            swapped[which]++;
            return new MethodInsnNode(Opcodes.INVOKESTATIC, ARRAY_READS, "read",
                    "(Ljava/io/InputStream;" + call.desc.substring(1), false);
        });
        if (swapped[0] != 1 || swapped[1] != 1 || swapped[2] != 2 || elsewhere[0] != 0) {
            throw new IllegalStateException("this JDK's " + PEEK_INPUT_STREAM.replace('/', '.') + " is not the shape"
                    + " serialboost knows (calls of the underlying stream's read: " + swapped[0] + " in peek(), "
                    + swapped[1] + " in read(), " + swapped[2] + " in read(byte[], int, int), " + elsewhere[0]
                    + " elsewhere; expected 1, 1, 2, 0)");
        }
        return patched;
    }
}
