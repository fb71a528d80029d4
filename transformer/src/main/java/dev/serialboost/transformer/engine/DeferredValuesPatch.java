package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;
import dev.serialboost.transformer.kit.MethodRewriter;
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
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.List;
import java.util.Map;

/**
 * The engine's patch of {@code ObjectInputStream.readSerialData}, a part of that class's patches: an object whose
 * class data is one level is read without the {@code FieldValues[]} the JDK allocates for it (24 bytes per object
 * read, a sixteenth of what reading 1,000 all-primitive market-data objects per stream allocates, JDK 17).
 *
 * <p>The JDK (17.0.15, 21.0.8, 25) keeps each level's field values in that array and sets them only after the last
 * level is read, when no level but the topmost has a {@code readObject} or {@code readObjectNoData} method (best-effort
 * failure atomicity); otherwise it sets each level's values as soon as they are read. For one level, the two differ
 * only in what runs between the read of the values and their setting: nothing, unless the level's data is followed by
 * data its class's own {@code writeObject} wrote and this JVM's class does not read ({@code skipCustomData}, whose
 * objects can see the object being read). So the patch keeps the array in that case and wherever there is more than
 * one level, and leaves it out where it would hold nothing or be set at once:
 * <pre>
 * if (!hasSpecialReadMethod
 *         &amp;&amp; (slots.length != 1 || !slots[0].desc.hasReadObjectMethod() &amp;&amp; slots[0].desc.hasWriteObjectData()))
 *     slotValues = new FieldValues[slots.length];</pre>
 * Without the array the JDK's own code sets the values at once: the same checks, in the same order, with the same
 * exception test on JDK 25 (which makes it in both paths). No call to the runtime; the same bytes read, the same
 * objects.
 *
 * <p>Applied only where {@code readSerialData} has a known fingerprint.
 */
public final class DeferredValuesPatch extends JdkPatch {

    private static final String OIS = StreamCall.OBJECT_INPUT_STREAM;
    private static final String OSC = StreamCall.OBJECT_STREAM_CLASS;
    private static final String READ_SERIAL_DATA = "readSerialData(Ljava/lang/Object;" + StreamCall.OSC_DESC + ")V";
    private static final String FIELD_VALUES = FieldAccessPatch.FIELD_VALUES;
    private static final String CLASS_DATA_SLOT = "java/io/ObjectStreamClass$ClassDataSlot";

    public DeferredValuesPatch() {
        super("deferred field values", OIS, List.of(READ_SERIAL_DATA), JDK_ONLY, KnownFingerprints.patched(Map.of(
                "17.0.15", "df094e84c5dd78b5",
                "21.0.8", "4d479dd4d8d749a2", // the same code, compiled another way
                "25.0.3", "e39f10a5d400c89b"))); // the exception test before each setting
    }

    /** The fingerprint of the JDK's own {@code readSerialData} (as the JDK ships it: an earlier patch changes a call). */
    @Override
    public String fingerprint(final byte[] objectInputStream, final ClassFileSource jdk) {
        byte[] shipped = jdk.read(OIS);
        return shipped == null ? null : Fingerprint.ofMethods(shipped, READ_SERIAL_DATA);
    }

    @Override
    public byte[] change(final byte[] objectInputStream) {
        return MethodRewriter.editRequired(objectInputStream, "java/io/ObjectInputStream", List.of(READ_SERIAL_DATA),
                DeferredValuesPatch::insert);
    }

    /**
     * Puts the test of the class javadoc between {@code if (!hasSpecialReadMethod)} and the array's allocation,
     * {@code ifne L; aload slots; arraylength; anewarray FieldValues}.
     */
    private static void insert(final MethodNode method) {
        TypeInsnNode allocation = null;
        for (AbstractInsnNode insn : method.instructions.toArray()) {
            if (insn instanceof TypeInsnNode type && type.getOpcode() == Opcodes.ANEWARRAY
                    && type.desc.equals(FIELD_VALUES)) {
                if (allocation != null) {
                    throw new IllegalStateException("readSerialData allocates two arrays of FieldValues");
                }
                allocation = type;
            }
        }
        AbstractInsnNode length = MethodRewriter.previousInstruction(allocation);
        AbstractInsnNode slots = MethodRewriter.previousInstruction(length);
        AbstractInsnNode test = MethodRewriter.previousInstruction(slots);
        if (test instanceof JumpInsnNode jump && jump.getOpcode() == Opcodes.IFEQ
                && MethodRewriter.previousInstruction(jump) instanceof MethodInsnNode call
                && call.name.equals("hasWriteObjectData")) {
            throw new IllegalStateException("readSerialData is patched already");
        }
        if (length == null || length.getOpcode() != Opcodes.ARRAYLENGTH || !(slots instanceof VarInsnNode load)
                || load.getOpcode() != Opcodes.ALOAD || !(test instanceof JumpInsnNode skip)
                || skip.getOpcode() != Opcodes.IFNE) {
            throw new IllegalStateException("readSerialData does not allocate its FieldValues[] as"
                    + " 'if (!hasSpecialReadMethod) slotValues = new FieldValues[slots.length]'");
        }
        method.instructions.insert(skip, code(load.var, skip.label));
    }

    /** The test: on to the allocation when the array is needed, else to {@code done}, past it. */
    private static InsnList code(final int slots, final LabelNode done) {
        InsnList code = new InsnList();
        LabelNode allocate = new LabelNode();
        code.add(new VarInsnNode(Opcodes.ALOAD, slots));
        code.add(new InsnNode(Opcodes.ARRAYLENGTH));
        code.add(new InsnNode(Opcodes.ICONST_1));
        code.add(new JumpInsnNode(Opcodes.IF_ICMPNE, allocate));
        code.add(firstLevel(slots, "hasReadObjectMethod"));
        code.add(new JumpInsnNode(Opcodes.IFNE, done));
        code.add(firstLevel(slots, "hasWriteObjectData"));
        code.add(new JumpInsnNode(Opcodes.IFEQ, done));
        code.add(allocate);
        // the locals of the frame before this point, the loop's end, unchanged since
        code.add(new FrameNode(Opcodes.F_SAME, 0, null, 0, null));
        return code;
    }

    /** {@code slots[0].desc.NAME()}, a boolean on the stack. */
    private static InsnList firstLevel(final int slots, final String name) {
        InsnList code = new InsnList();
        code.add(new VarInsnNode(Opcodes.ALOAD, slots));
        code.add(new InsnNode(Opcodes.ICONST_0));
        code.add(new InsnNode(Opcodes.AALOAD));
        code.add(new FieldInsnNode(Opcodes.GETFIELD, CLASS_DATA_SLOT, "desc", StreamCall.OSC_DESC));
        code.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, OSC, name, "()Z", false));
        return code;
    }
}
