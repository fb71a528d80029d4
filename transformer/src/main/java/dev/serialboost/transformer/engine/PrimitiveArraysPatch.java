package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.List;
import java.util.Set;

/**
 * The engine layer's patch of the array paths: {@code ObjectOutputStream.writeArray} and
 * {@code ObjectInputStream.readArray}. For an array of primitives the JDK converts the elements through the block
 * stream's 1,024-byte buffer, which it copies into (or fills from) the underlying stream a buffer's worth at a time;
 * for a {@code ByteArrayOutputStream}/{@code ByteArrayInputStream} underneath (deep copies, caches, session stores)
 * that is a second copy of every byte and a lock per kilobyte, and on reading the new array is zeroed before every
 * element is written. Profile of 1,000 {@code Sample} objects per stream (a {@code long[3000]} and a
 * {@code double[3000]} each), JDK 17: the copies 25-28% of the time, the zeroing about a third of reading.
 *
 * <p>The patch turns, in those two methods only, each call of the block stream's {@code writeChars} ...
 * {@code writeDoubles} and {@code write(byte[], int, int, boolean)}, and of {@code readChars} ... {@code readDoubles}
 * and {@code readFully(byte[], int, int, boolean)}, into the same call of {@code dev.serialboost.runtime
 * .PrimitiveArrays}, which does what the stream's method does straight on the byte-array stream's array, or calls the
 * stream's method; and {@code Array.newInstance(component, length)} in {@code readArray} into
 * {@code PrimitiveArrays.newArray(component, length, bin)}. Booleans are left as they are.
 *
 * <p>Applied only where the code {@code PrimitiveArrays} repeats has a {@link #KNOWN known fingerprint}
 * ({@link #fingerprint}), {@code writeArray} and {@code readArray} have known fingerprints too, and each call it
 * replaces is where it expects it.
 */
public final class PrimitiveArraysPatch {

    private static final String OBJECT_OUTPUT_STREAM = "java/io/ObjectOutputStream";
    private static final String OBJECT_INPUT_STREAM = "java/io/ObjectInputStream";
    private static final String BLOCK_OUT = "java/io/ObjectOutputStream$BlockDataOutputStream";
    private static final String BLOCK_IN = "java/io/ObjectInputStream$BlockDataInputStream";
    private static final String PRIMITIVE_ARRAYS = RuntimeLocation.installedName("dev/serialboost/runtime/engine/PrimitiveArrays");
    private static final String WRITE_ARRAY = "writeArray(Ljava/lang/Object;Ljava/io/ObjectStreamClass;Z)V";
    private static final String READ_ARRAY = "readArray(Z)Ljava/lang/Object;";
    private static final String NEW_INSTANCE = "(Ljava/lang/Class;I)Ljava/lang/Object;";
    private static final String BYTES = "([BIIZ)V";
    /** The element kinds, as in the stream methods' names, and their array descriptors. */
    private static final List<String> KINDS = List.of("Chars", "Shorts", "Ints", "Floats", "Longs", "Doubles");
    private static final List<String> ARRAYS = List.of("[C", "[S", "[I", "[F", "[J", "[D");

    /**
     * Fingerprints ({@link #fingerprint}) of the code {@code PrimitiveArrays} repeats, in the JDKs it was checked
     * against.
     */
    public static final Set<String> KNOWN = Set.of(
            "c941d9602ebb3e37", // OpenJDK 17.0.15 and 17.0.21 (java.io.Bits)
            "430229ac809dc88b"); // Temurin 21.0.8 and 25 (jdk.internal.util.ByteArray)
    /**
     * Fingerprints of {@code writeArray} and of {@code readArray} themselves, checked as they are patched: an array
     * allocated without zeroing must reach the read that fills it, which only a {@code readArray} of a known shape is
     * sure to do.
     */
    private static final Set<String> KNOWN_WRITE_ARRAY = Set.of(
            "ca1de9fde1c88488"); // OpenJDK 17.0.15 and 17.0.21, Temurin 21.0.8 and 25
    private static final Set<String> KNOWN_READ_ARRAY = Set.of(
            "ad2a76124ad35886", // OpenJDK 17.0.15 and 17.0.21
            "18b918e35c28b89f"); // Temurin 21.0.8 and 25

    /** The classes {@link #fingerprint} reads. */
    public static final List<String> PRINTED = List.of(BLOCK_OUT, "java/io/DataOutputStream",
            "java/io/ByteArrayOutputStream", BLOCK_IN, "java/io/ObjectInputStream$PeekInputStream",
            "java/io/ByteArrayInputStream");

    private PrimitiveArraysPatch() {
    }

    /**
     * The fingerprint of what {@code PrimitiveArrays} repeats, from the class files of {@link #PRINTED}: the block
     * streams' array methods and the methods they write and read the underlying stream by, and the byte-array
     * streams' writes and reads; null when a class or method is missing. ({@code writeArray} and {@code readArray}
     * are checked on the class files being patched.)
     */
    public static String fingerprint(final ClassFileSource jdk) {
        String[][] methods = {
            {"write([BIIZ)V", "write([BII)V", "drain()V", "writeChars([CII)V", "writeShorts([SII)V",
                "writeInts([III)V", "writeFloats([FII)V", "writeLongs([JII)V", "writeDoubles([DII)V"},
            {"writeChar(I)V", "writeShort(I)V", "writeInt(I)V", "writeFloat(F)V", "writeLong(J)V", "writeDouble(D)V"},
            {"write([BII)V", "ensureCapacity(I)V"},
            {"readFully([BIIZ)V", "read([BIIZ)I", "readChars([CII)V", "readShorts([SII)V", "readInts([III)V",
                "readFloats([FII)V", "readLongs([JII)V", "readDoubles([DII)V"},
            {"read([BII)I", "readFully([BII)V"},
            {"read([BII)I"}};
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < methods.length; i++) {
            byte[] classFile = jdk.read(PRINTED.get(i));
            String print = classFile == null ? null : EnginePatches.fingerprintOf(classFile, methods[i]);
            if (print == null) {
                return null;
            }
            all.append(print).append(',');
        }
        return EnginePatches.hash(all);
    }

    /**
     * Patches {@code ObjectOutputStream.writeArray}: its seven calls of the block stream's array writes go to
     * {@code PrimitiveArrays}.
     *
     * @throws IllegalStateException when a call is not there exactly once, or the method is not one this patch knows
     *                               (the caller leaves the class as it is)
     */
    public static byte[] patchWrites(final byte[] objectOutputStream) {
        return patch(objectOutputStream, WRITE_ARRAY, BLOCK_OUT, "write", KNOWN_WRITE_ARRAY);
    }

    /**
     * Patches {@code ObjectInputStream.readArray}: its seven calls of the block stream's array reads go to
     * {@code PrimitiveArrays}, and the array is made by {@code PrimitiveArrays.newArray}.
     *
     * @throws IllegalStateException when a call is not there exactly once, or the method is not one this patch knows
     *                               (the caller leaves the class as it is)
     */
    public static byte[] patchReads(final byte[] objectInputStream) {
        return patch(objectInputStream, READ_ARRAY, BLOCK_IN, "read", KNOWN_READ_ARRAY);
    }

    private static byte[] patch(final byte[] classFile, final String method, final String stream,
                                final String verb, final Set<String> known) {
        // names of the stream's methods, in the order of KINDS, then its byte method
        String[] names = new String[KINDS.size() + 1];
        for (int i = 0; i < KINDS.size(); i++) {
            names[i] = verb + KINDS.get(i) + "(" + ARRAYS.get(i) + "II)V";
        }
        names[KINDS.size()] = (verb.equals("write") ? "write" : "readFully") + BYTES;
        int[] found = new int[names.length + 1];
        String owner = verb.equals("write") ? OBJECT_OUTPUT_STREAM : OBJECT_INPUT_STREAM;
        byte[] patched = EnginePatches.rewriteMethods(classFile, 0, (access, name, descriptor, signature, exceptions,
                next) -> {
            if (!method.equals(name + descriptor) || (access & Opcodes.ACC_STATIC) != 0) {
                return null;
            }
            return new MethodNode(Opcodes.ASM9, access, name, descriptor, signature, exceptions) {
                @Override
                public void visitEnd() {
                    for (AbstractInsnNode insn : instructions.toArray()) {
                        if (!(insn instanceof MethodInsnNode call)) {
                            continue;
                        }
                        if (call.getOpcode() == Opcodes.INVOKEVIRTUAL && call.owner.equals(stream)) {
                            int which = List.of(names).indexOf(call.name + call.desc);
                            if (which >= 0) {
                                found[which]++;
                                String kind = which < KINDS.size() ? KINDS.get(which) : "Bytes";
                                instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, PRIMITIVE_ARRAYS,
                                        verb + kind, "(Ljava/lang/Object;" + call.desc.substring(1), false));
                            }
                        } else if (call.getOpcode() == Opcodes.INVOKESTATIC && verb.equals("read")
                                && call.owner.equals("java/lang/reflect/Array") && call.name.equals("newInstance")
                                && call.desc.equals(NEW_INSTANCE)) {
                            found[names.length]++;
                            InsnList bin = new InsnList();
                            bin.add(new VarInsnNode(Opcodes.ALOAD, 0));
                            bin.add(new FieldInsnNode(Opcodes.GETFIELD, owner, "bin", "L" + stream + ";"));
                            instructions.insertBefore(call, bin);
                            instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, PRIMITIVE_ARRAYS,
                                    "newArray", "(Ljava/lang/Class;ILjava/lang/Object;)Ljava/lang/Object;", false));
                            maxStack += 2;
                        }
                    }
                    accept(next);
                }
            };
        });
        int expectedNew = verb.equals("read") ? 1 : 0;
        boolean once = found[names.length] == expectedNew;
        for (int i = 0; i < names.length; i++) {
            once &= found[i] == 1;
        }
        if (!once) {
            throw new IllegalStateException("this JDK's " + owner.replace('/', '.') + "." + method.substring(0,
                    method.indexOf('(')) + " is not the shape serialboost knows (calls of " + String.join(", ", names)
                    + (expectedNew == 1 ? ", Array.newInstance" : "") + ": " + java.util.Arrays.toString(found)
                    + "; each expected once)");
        }
        EnginePatches.requireKnown(EnginePatches.fingerprintOf(classFile, method), known,
                "this JDK's " + owner.replace('/', '.') + "." + method.substring(0, method.indexOf('(')));
        return patched;
    }
}
