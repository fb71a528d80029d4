package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;
import dev.serialboost.transformer.kit.MethodRewriter;
import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The engine's patch of the array paths, a part of each stream class's patches: {@code ObjectOutputStream.writeArray}
 * ({@link #writes()}) and {@code ObjectInputStream.readArray} ({@link #reads()}). For an array of primitives the JDK
 * converts the elements through the block stream's 1,024-byte buffer, which it copies into (or fills from) the
 * underlying stream a buffer's worth at a time; for a {@code ByteArrayOutputStream}/{@code ByteArrayInputStream}
 * underneath (deep copies, caches, session stores) that is a second copy of every byte and a lock per kilobyte, and on
 * reading the new array is zeroed before every element is written. Profile of 1,000 {@code Sample} objects per stream
 * (a {@code long[3000]} and a {@code double[3000]} each), JDK 17: the copies 25-28% of the time, the zeroing about a
 * third of reading.
 *
 * <p>The patch turns, in those two methods only, each call of the block stream's {@code writeChars} ...
 * {@code writeDoubles} and {@code write(byte[], int, int, boolean)}, and of {@code readChars} ... {@code readDoubles}
 * and {@code readFully(byte[], int, int, boolean)}, into the same call of {@code
 * dev.serialboost.runtime.engine.PrimitiveArrays}, which does what the stream's method does straight on the
 * byte-array stream's array, or calls the stream's method; and {@code Array.newInstance(component, length)} in
 * {@code readArray} into {@code PrimitiveArrays.newArray(component, length, bin)}. Booleans are left as they are.
 *
 * <p>Applied only where the code {@code PrimitiveArrays} repeats on that side (the block stream's array methods and
 * the methods it writes or reads the underlying stream by, the byte-array stream's writes or reads) and the method
 * changed have a known fingerprint, the latter because an array allocated without zeroing must reach the read that
 * fills it, which only a {@code readArray} of a known shape is sure to do; and where each call it replaces is where
 * it expects it.
 */
public final class PrimitiveArraysPatch extends JdkPatch {

    private static final String BLOCK_OUT = "java/io/ObjectOutputStream$BlockDataOutputStream";
    private static final String BLOCK_IN = "java/io/ObjectInputStream$BlockDataInputStream";

    private static final String PRIMITIVE_ARRAYS =
            RuntimeLocation.installedName("dev/serialboost/runtime/engine/PrimitiveArrays");
    private static final String NEW_INSTANCE = "(Ljava/lang/Class;I)Ljava/lang/Object;";
    /** The element kinds, as in the stream methods' names, and their array descriptors. */
    private static final List<String> KINDS = List.of("Chars", "Shorts", "Ints", "Floats", "Longs", "Doubles");
    private static final List<String> ARRAYS = List.of("[C", "[S", "[I", "[F", "[J", "[D");

    /** The method changed; {@code "write"} or {@code "read"}; the block stream it calls. */
    private final String method;
    private final String verb;
    private final String stream;
    /** The classes whose code {@code PrimitiveArrays} repeats, each with the methods it repeats. */
    private final List<String> repeated;
    private final List<String[]> repeatedMethods;

    private PrimitiveArraysPatch(final String target, final String method, final String verb, final String stream,
                                 final List<String> repeated, final List<String[]> repeatedMethods,
                                 final Map<String, String> known) {
        super("arrays of primitives", target, List.of(method), CALLS_RUNTIME, KnownFingerprints.patched(known));
        this.method = method;
        this.verb = verb;
        this.stream = stream;
        this.repeated = repeated;
        this.repeatedMethods = repeatedMethods;
    }

    /** The part of {@code ObjectOutputStream}: {@code writeArray}. */
    public static PrimitiveArraysPatch writes() {
        return new PrimitiveArraysPatch("java/io/ObjectOutputStream",
                "writeArray(Ljava/lang/Object;Ljava/io/ObjectStreamClass;Z)V", "write", BLOCK_OUT,
                List.of(BLOCK_OUT, "java/io/DataOutputStream", "java/io/ByteArrayOutputStream"), List.of(
                        new String[] {"write([BIIZ)V", "write([BII)V", "drain()V", "writeChars([CII)V",
                            "writeShorts([SII)V", "writeInts([III)V", "writeFloats([FII)V", "writeLongs([JII)V",
                            "writeDoubles([DII)V"},
                        new String[] {"writeChar(I)V", "writeShort(I)V", "writeInt(I)V", "writeFloat(F)V",
                            "writeLong(J)V", "writeDouble(D)V"},
                        new String[] {"write([BII)V", "ensureCapacity(I)V"}), Map.of(
                        "17.0.15", "04ace308b893eaf8", // through java.io.Bits
                        "21.0.8", "eb2c4409fbe72beb", // through jdk.internal.util.ByteArray
                        "25.0.3", "eb2c4409fbe72beb"));
    }

    /** The part of {@code ObjectInputStream}: {@code readArray}. */
    public static PrimitiveArraysPatch reads() {
        return new PrimitiveArraysPatch("java/io/ObjectInputStream", "readArray(Z)Ljava/lang/Object;", "read",
                BLOCK_IN, List.of(BLOCK_IN, "java/io/ObjectInputStream$PeekInputStream",
                        "java/io/ByteArrayInputStream"), List.of(
                        new String[] {"readFully([BIIZ)V", "read([BIIZ)I", "readChars([CII)V", "readShorts([SII)V",
                            "readInts([III)V", "readFloats([FII)V", "readLongs([JII)V", "readDoubles([DII)V"},
                        new String[] {"read([BII)I", "readFully([BII)V"},
                        new String[] {"read([BII)I"}), Map.of(
                        "17.0.15", "e5378c650886cb7c", // through java.io.Bits
                        "21.0.8", "9d30a7459bce029c", // through jdk.internal.util.ByteArray
                        "25.0.3", "9d30a7459bce029c"));
    }

    /**
     * The fingerprint of what {@code PrimitiveArrays} repeats on this side, from the JDK's class files, and of the
     * method changed, in the class as given; null when a class or method is missing.
     */
    @Override
    public String fingerprint(final byte[] targetClass, final ClassFileSource jdk) {
        String[] prints = new String[repeated.size() + 1];
        for (int i = 0; i < repeated.size(); i++) {
            byte[] classFile = jdk.read(repeated.get(i));
            prints[i] = classFile == null ? null : Fingerprint.ofMethods(classFile, repeatedMethods.get(i));
        }
        prints[repeated.size()] = Fingerprint.ofMethod(targetClass, method);
        return Fingerprint.combine(prints);
    }

    @Override
    protected String unknown(final String print) {
        return "this JDK's " + targetName() + "." + method.substring(0, method.indexOf('(')) + " and the block and"
                + " byte-array streams under it are not ones serialboost knows ("
                + (print == null ? "a method it repeats is missing" : "fingerprint " + print) + ")";
    }

    /**
     * Patches the method: its seven calls of the block stream's array methods go to {@code PrimitiveArrays}, and on
     * reading the array is made by {@code PrimitiveArrays.newArray}.
     */
    @Override
    public byte[] change(final byte[] targetClass) {
        return patched(targetClass, target(), method, stream, verb);
    }

    private static byte[] patched(final byte[] classFile, final String owner, final String method, final String stream,
                         final String verb) {
        // names of the stream's methods, in the order of KINDS, then its byte method
        String[] names = new String[KINDS.size() + 1];
        for (int i = 0; i < KINDS.size(); i++) {
            names[i] = verb + KINDS.get(i) + "(" + ARRAYS.get(i) + "II)V";
        }
        names[KINDS.size()] = (verb.equals("write") ? "write" : "readFully") + "([BIIZ)V";
        int[] found = new int[names.length + 1];
        boolean read = verb.equals("read");
        byte[] patched = MethodRewriter.editMethods(classFile, List.of(method), null, m -> {
            for (AbstractInsnNode insn : m.instructions.toArray()) {
                if (!(insn instanceof MethodInsnNode call)) {
                    continue;
                }
                if (call.getOpcode() == Opcodes.INVOKEVIRTUAL && call.owner.equals(stream)) {
                    int which = List.of(names).indexOf(call.name + call.desc);
                    if (which >= 0) {
                        found[which]++;
                        String kind = which < KINDS.size() ? KINDS.get(which) : "Bytes";
                        m.instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, PRIMITIVE_ARRAYS,
                                verb + kind, "(Ljava/lang/Object;" + call.desc.substring(1), false));
                    }
                } else if (call.getOpcode() == Opcodes.INVOKESTATIC && read
                        && call.owner.equals("java/lang/reflect/Array") && call.name.equals("newInstance")
                        && call.desc.equals(NEW_INSTANCE)) {
                    found[names.length]++;
                    newArray(m, call, owner, stream);
                }
            }
        });
        int expectedNew = read ? 1 : 0;
        boolean once = found[names.length] == expectedNew;
        for (int i = 0; i < names.length; i++) {
            once &= found[i] == 1;
        }
        if (!once) {
            throw new IllegalStateException("this JDK's " + owner.replace('/', '.') + "."
                    + method.substring(0, method.indexOf('(')) + " is not the shape serialboost knows (calls of "
                    + String.join(", ", names) + (read ? ", Array.newInstance" : "") + ": "
                    + Arrays.toString(found) + "; each expected once)");
        }
        return patched;
    }

    /** {@code Array.newInstance(component, length)} becomes {@code PrimitiveArrays.newArray(component, length,
     * this.bin)}. */
    private static void newArray(final MethodNode m, final MethodInsnNode call, final String owner,
                                 final String stream) {
        InsnList bin = new InsnList();
        bin.add(new VarInsnNode(Opcodes.ALOAD, 0));
        bin.add(new FieldInsnNode(Opcodes.GETFIELD, owner, "bin", "L" + stream + ";"));
        m.instructions.insertBefore(call, bin);
        m.instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, PRIMITIVE_ARRAYS, "newArray",
                "(Ljava/lang/Class;ILjava/lang/Object;)Ljava/lang/Object;", false));
        m.maxStack += 2;
    }
}
