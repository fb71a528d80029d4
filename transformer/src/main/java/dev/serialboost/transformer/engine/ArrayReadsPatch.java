package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;
import dev.serialboost.transformer.kit.MethodRewriter;
import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodInsnNode;

import java.util.List;
import java.util.Map;

/**
 * The engine's patch of {@code ObjectInputStream$PeekInputStream}, through which an {@code ObjectInputStream} reads
 * its underlying stream: outside block data (every type code, handle, class descriptor and primitive field block of
 * an object) it reads exactly the bytes it needs, a few at a time, each a call of the underlying stream's
 * {@code read}. Over a {@code ByteArrayInputStream} (deep copies, caches and session stores that keep {@code byte[]}
 * values, RMI's marshalled arguments) each such call takes and releases that stream's lock.
 *
 * <p>The patch turns the four calls {@code in.read()} and {@code in.read(b, off, len)} of {@code peek()},
 * {@code read()} and {@code read(byte[], int, int)} into {@code dev.serialboost.runtime.engine.ArrayReads.read(in)}
 * and {@code ArrayReads.read(in, b, off, len)}, which, for an object of exactly {@code java.io.ByteArrayInputStream},
 * do what its {@code read} methods do on its fields (the same bytes, position and results), without the lock; for
 * any other stream, or arguments out of range, they call the stream's own method. Applied only where
 * {@code ByteArrayInputStream.read()} and {@code read(byte[], int, int)} have a known fingerprint (the code
 * {@code ArrayReads} repeats) and each of the four calls is where this patch expects it.
 */
public final class ArrayReadsPatch extends JdkPatch {

    public static final String PEEK_INPUT_STREAM = "java/io/ObjectInputStream$PeekInputStream";
    public static final String BYTE_ARRAY_INPUT_STREAM = "java/io/ByteArrayInputStream";

    private static final String READ_BYTE = "()I";
    private static final String READ_BYTES = "([BII)I";
    /** The methods of {@code PeekInputStream} patched. */
    private static final List<String> METHODS = List.of("peek()I", "read()I", "read([BII)I");

    private static final String ARRAY_READS =
            RuntimeLocation.installedName("dev/serialboost/runtime/engine/ArrayReads");

    public ArrayReadsPatch() {
        super("reading byte arrays", PEEK_INPUT_STREAM, METHODS, CALLS_RUNTIME, KnownFingerprints.patched(Map.of(
                "17.0.15", "dd7004cafaeec412",
                "21.0.8", "dd7004cafaeec412",
                "25.0.3", "dd7004cafaeec412")));
    }

    /** The fingerprint of the JDK's {@code ByteArrayInputStream.read()} and {@code read(byte[], int, int)}. */
    @Override
    public String fingerprint(final byte[] peekInputStream, final ClassFileSource jdk) {
        byte[] arrayStream = jdk.read(BYTE_ARRAY_INPUT_STREAM);
        return arrayStream == null ? null : Fingerprint.ofMethods(arrayStream, "read" + READ_BYTE,
                "read" + READ_BYTES);
    }

    @Override
    protected String unknown(final String print) {
        return "this JDK's java.io.ByteArrayInputStream reads are not ones serialboost knows";
    }

    /**
     * Patches {@code PeekInputStream} as the class javadoc says, after checking each call it replaces is where it
     * expects it: one {@code in.read()} in {@code peek()}, one in {@code read()}, two {@code in.read(b, off, len)}
     * in {@code read(byte[], int, int)}, and none elsewhere.
     */
    @Override
    public byte[] change(final byte[] peekInputStream) {
        return patched(peekInputStream);
    }

    private static byte[] patched(final byte[] peekInputStream) {
        int[] swapped = new int[METHODS.size()];
        int[] elsewhere = new int[1];
        byte[] patched = MethodRewriter.swapCalls(peekInputStream, (method, call) -> {
            if (!call.owner.equals("java/io/InputStream") || !call.name.equals("read")
                    || !call.desc.equals(READ_BYTE) && !call.desc.equals(READ_BYTES)) {
                return null;
            }
            int which = (method.access & Opcodes.ACC_STATIC) != 0 ? -1
                    : METHODS.indexOf(method.name + method.desc);
            if (which < 0) {
                elsewhere[0]++;
                return null;
            }
            swapped[which]++;
            return new MethodInsnNode(Opcodes.INVOKESTATIC, ARRAY_READS, "read",
                    "(Ljava/io/InputStream;" + call.desc.substring(1), false);
        });
        if (swapped[0] != 1 || swapped[1] != 1 || swapped[2] != 2 || elsewhere[0] != 0) {
            throw new IllegalStateException("this JDK's " + PEEK_INPUT_STREAM.replace('/', '.') + " is not the"
                    + " shape serialboost knows (calls of the underlying stream's read: " + swapped[0] + " in"
                    + " peek(), " + swapped[1] + " in read(), " + swapped[2] + " in read(byte[], int, int), "
                    + elsewhere[0] + " elsewhere; expected 1, 1, 2, 0)");
        }
        return patched;
    }
}
