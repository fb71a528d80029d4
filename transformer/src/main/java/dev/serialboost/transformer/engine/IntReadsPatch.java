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
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The engine's patch of {@code ObjectInputStream$BlockDataInputStream.readInt()} and {@code readUnsignedShort()}, a
 * part of that class's patches: the int or short read outside block data (the handle of every back-reference, to an
 * object or to a class descriptor, the length of every array and of every string) is read straight from a {@code
 * ByteArrayInputStream} under the stream. The JDK's code copies the bytes into the stream's buffer through its {@code
 * PeekInputStream} ({@code readFully}, then {@code read}, then the underlying stream's {@code read} and {@code
 * System.arraycopy}) and decodes them from there at once: 14% of the time reading 1,000 orders per stream (JDK 17,
 * profiled), most of it the load waiting for the copy's stores.
 *
 * <p>Right after each method's {@code if (!blkmode)} it puts
 * <pre>
 * long v = ArrayReads.readInt(this);   // readUnsignedShort(this) in readUnsignedShort(); -1: the JDK's code reads it
 * if (v &gt;= 0) return (int) v;</pre>
 * {@code dev.serialboost.runtime.engine.ArrayReads} reads only with no byte peeked, from exactly a {@code
 * ByteArrayInputStream} holding enough more bytes, and leaves what the JDK's code leaves: the bytes in the stream's
 * buffer, its position past them, the array stream's position and the peek stream's count of bytes read (which
 * filters are given) as many further on. Otherwise (another stream, a byte peeked, the end of the data) it changes
 * nothing and the JDK's code runs. The value is kept in a local of its own, after the JDK's two (the method calls
 * nothing back into the stream: its frame is never part of a nesting level's).
 *
 * <p>Applied only where the two methods, the peek stream's {@code read(byte[], int, int)} and {@code readFully}, and
 * {@code ByteArrayInputStream.read(byte[], int, int)} (the code the runtime stands for) have a known fingerprint.
 */
public final class IntReadsPatch extends JdkPatch {

    private static final String BLOCK_DATA_INPUT_STREAM = StringReadsPatch.BLOCK_DATA_INPUT_STREAM;
    /** The methods patched, and the runtime method each calls first (of the same name). */
    private static final List<String> METHODS = List.of("readInt()I", "readUnsignedShort()I");
    private static final String ARRAY_READS =
            RuntimeLocation.installedName("dev/serialboost/runtime/engine/ArrayReads");
    /**
     * The local the value is kept in, past the JDK's two ({@code this} and the value): held on the operand stack across
     * the test instead, it crashed the JIT compiler (C2, in {@code GraphKit::push_pair}) on 17 and 21.
     */
    private static final int VALUE = 2;

    public IntReadsPatch() {
        super("reading ints and shorts", BLOCK_DATA_INPUT_STREAM, METHODS, CALLS_RUNTIME,
                KnownFingerprints.patched(Map.of(
                        "17.0.15", "09ad3b7123d03bca",
                        // decoded by jdk.internal.util.ByteArray: the same big-endian values
                        "21.0.8", "5599f01f735f9f1e",
                        "25.0.3", "5599f01f735f9f1e")));
    }

    /** The fingerprint of the code {@code ArrayReads} stands for here; null when a method is missing. */
    @Override
    public String fingerprint(final byte[] blockDataInputStream, final ClassFileSource jdk) {
        byte[] shipped = jdk.read(BLOCK_DATA_INPUT_STREAM);
        byte[] peek = jdk.read(ArrayReadsPatch.PEEK_INPUT_STREAM);
        byte[] array = jdk.read(ArrayReadsPatch.BYTE_ARRAY_INPUT_STREAM);
        return shipped == null || peek == null || array == null ? null : Fingerprint.combine(
                Fingerprint.ofMethods(shipped, METHODS.toArray(new String[0])),
                Fingerprint.ofMethods(peek, "read([BII)I", "readFully([BII)V"),
                Fingerprint.ofMethods(array, "read([BII)I"));
    }

    @Override
    public byte[] change(final byte[] blockDataInputStream) {
        return MethodRewriter.editRequired(blockDataInputStream, BLOCK_DATA_INPUT_STREAM, METHODS,
                IntReadsPatch::insert);
    }

    /** Puts the code of the class javadoc after the method's first three instructions, {@code if (!blkmode)}. */
    private static void insert(final MethodNode method) {
        List<AbstractInsnNode> first = new ArrayList<>();
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof MethodInsnNode call && call.owner.equals(ARRAY_READS)) {
                throw new IllegalStateException(method.name + " is patched already");
            }
            if (insn.getOpcode() >= 0 && first.size() < 3) {
                first.add(insn);
            }
        }
        if (first.size() < 3 || !(first.get(0) instanceof VarInsnNode self) || self.getOpcode() != Opcodes.ALOAD
                || self.var != 0 || !(first.get(1) instanceof FieldInsnNode mode) || !mode.name.equals("blkmode")
                || !(first.get(2) instanceof JumpInsnNode branch) || branch.getOpcode() != Opcodes.IFNE) {
            throw new IllegalStateException(method.name + " does not start with 'if (!blkmode)'");
        }
        if (method.maxLocals > VALUE) {
            throw new IllegalStateException(method.name + " has more than " + VALUE + " locals");
        }
        method.instructions.insert(branch, code(method.name));
        method.maxLocals = VALUE + 2;
        method.maxStack = Math.max(method.maxStack, 4);
    }

    private static InsnList code(final String read) {
        InsnList code = new InsnList();
        LabelNode jdk = new LabelNode();
        code.add(new VarInsnNode(Opcodes.ALOAD, 0));
        code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, ARRAY_READS, read, "(Ljava/lang/Object;)J", false));
        code.add(new VarInsnNode(Opcodes.LSTORE, VALUE));
        code.add(new VarInsnNode(Opcodes.LLOAD, VALUE));
        code.add(new InsnNode(Opcodes.LCONST_0));
        code.add(new InsnNode(Opcodes.LCMP));
        code.add(new JumpInsnNode(Opcodes.IFLT, jdk));
        code.add(new VarInsnNode(Opcodes.LLOAD, VALUE));
        code.add(new InsnNode(Opcodes.L2I));
        code.add(new InsnNode(Opcodes.IRETURN));
        code.add(jdk);
        // the locals of the method's implicit first frame, its argument: the JDK's frames after it, each relative to
        // the one before, stay right
        code.add(new FrameNode(Opcodes.F_FULL, 1, new Object[] {BLOCK_DATA_INPUT_STREAM}, 0, new Object[0]));
        return code;
    }
}
