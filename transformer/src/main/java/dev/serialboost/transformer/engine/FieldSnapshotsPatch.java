package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;
import dev.serialboost.transformer.kit.MethodRewriter;
import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.List;
import java.util.Map;

/**
 * The engine's patch of {@code ObjectOutputStream.defaultWriteFields}, a part of that class's patches: the reference
 * fields of an object with at most five of them are written without the {@code Object[]} the JDK allocates for each
 * object to hold their values (an eighth of what writing 1,000 business orders per stream allocates, JDK 17). The JDK
 * takes every value ({@code desc.getObjFieldValues(obj, objVals)}) before it writes the first with {@code
 * writeObject0(objVals[i], fields[numPrimFields + i].isUnshared())}, so a field changed while an earlier one is
 * written is written as it was; the patch keeps that order with the values in the method's own local variables.
 *
 * <p>After the primitive fields are written, before {@code desc.getNumObjFields()}, it puts
 * <pre>
 * int plan = FieldSnapshots.plan(desc, obj);     // -1: on to the JDK's code
 * if (plan >= 0) {
 *     Object v0 = FieldSnapshots.value(desc, obj, plan, 0);   // ... v3: null past the last field
 *     if ((plan &amp; 7) &gt; 0) writeObject0(v0, (plan &gt;&gt;&gt; 3 &amp; 1) != 0);   // ... up to v3
 *     return;
 * }
 * ... the JDK's code</pre>
 * The locals are slots the JDK's code only uses later ({@code numObjFields}, {@code fields}, {@code objVals}, {@code
 * numPrimFields}, {@code i}), so the method's frame is as large as the JDK made it, and a nesting level of the graph
 * takes no more stack. {@code extendedDebugInfo}, a null object, or more fields: the JDK's code. The same values, in
 * the same order, with the same unshared flags: the same bytes and the same calls.
 *
 * <p>Applied only where {@code defaultWriteFields} and the field reflector's {@code getObjFieldValues} have a known
 * fingerprint.
 */
public final class FieldSnapshotsPatch extends JdkPatch {

    private static final String OOS = StreamCall.OBJECT_OUTPUT_STREAM;
    private static final String OSC = StreamCall.OBJECT_STREAM_CLASS;
    private static final String DEFAULT_WRITE_FIELDS = "defaultWriteFields(Ljava/lang/Object;" + StreamCall.OSC_DESC
            + ")V";
    private static final String GET_OBJ_FIELD_VALUES = "getObjFieldValues(Ljava/lang/Object;[Ljava/lang/Object;)V";
    private static final String FIELD_SNAPSHOTS =
            RuntimeLocation.installedName("dev/serialboost/runtime/engine/FieldSnapshots");
    private static final String OBJECT = "java/lang/Object";
    /** The most values the patched code holds (the runtime's {@code FieldSnapshots.MOST}). */
    private static final int MOST = 5;
    /** The local of the plan, and of the first value (the others follow). */
    private static final int PLAN = 5;
    private static final int VALUES = PLAN + 1;

    public FieldSnapshotsPatch() {
        super("field snapshots", OOS, List.of(DEFAULT_WRITE_FIELDS), CALLS_RUNTIME, KnownFingerprints.patched(Map.of(
                "17.0.15", "7e044930f509a0d8",
                "21.0.8", "a47e22a852b98ac6", // the same code, the reflector's switch compiled another way
                "25.0.3", "a47e22a852b98ac6")));
    }

    /**
     * The fingerprint of the JDK's own {@code defaultWriteFields} (as the JDK ships it: earlier patches change its
     * primitives' copy) and of {@code FieldReflector.getObjFieldValues}.
     */
    @Override
    public String fingerprint(final byte[] objectOutputStream, final ClassFileSource jdk) {
        byte[] shipped = jdk.read(OOS);
        byte[] reflector = jdk.read(FieldAccessPatch.FIELD_REFLECTOR);
        return shipped == null || reflector == null ? null : Fingerprint.combine(
                Fingerprint.ofMethods(shipped, DEFAULT_WRITE_FIELDS),
                Fingerprint.ofMethods(reflector, GET_OBJ_FIELD_VALUES));
    }

    @Override
    public byte[] change(final byte[] objectOutputStream) {
        return MethodRewriter.editRequired(objectOutputStream, "java/io/ObjectOutputStream",
                List.of(DEFAULT_WRITE_FIELDS), FieldSnapshotsPatch::insert);
    }

    /** Puts the code of the class javadoc before {@code aload_2; invokevirtual getNumObjFields()I}. */
    private static void insert(final MethodNode method) {
        AbstractInsnNode at = null;
        for (AbstractInsnNode insn : method.instructions.toArray()) {
            if (insn instanceof MethodInsnNode call && call.owner.equals(FIELD_SNAPSHOTS)) {
                throw new IllegalStateException("defaultWriteFields is patched already");
            }
            if (insn instanceof MethodInsnNode call && call.owner.equals(OSC) && call.name.equals("getNumObjFields")
                    && insn.getPrevious() instanceof VarInsnNode load && load.getOpcode() == Opcodes.ALOAD
                    && load.var == 2) {
                if (at != null) {
                    throw new IllegalStateException("defaultWriteFields calls getNumObjFields() twice");
                }
                at = load;
            }
        }
        if (at == null || method.maxLocals < VALUES + MOST) {
            throw new IllegalStateException("defaultWriteFields has no desc.getNumObjFields() after its primitives,"
                    + " or fewer than " + (VALUES + MOST) + " locals");
        }
        method.instructions.insertBefore(at, code());
    }

    private static InsnList code() {
        InsnList code = new InsnList();
        LabelNode jdk = new LabelNode();
        LabelNode done = new LabelNode();
        code.add(new VarInsnNode(Opcodes.ALOAD, 2));
        code.add(new VarInsnNode(Opcodes.ALOAD, 1));
        code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, FIELD_SNAPSHOTS, "plan",
                "(" + StreamCall.OSC_DESC + "Ljava/lang/Object;)I", false));
        code.add(new VarInsnNode(Opcodes.ISTORE, PLAN));
        code.add(new VarInsnNode(Opcodes.ILOAD, PLAN));
        code.add(new JumpInsnNode(Opcodes.IFLT, jdk));
        for (int i = 0; i < MOST; i++) { // every value taken before the first is written
            code.add(new VarInsnNode(Opcodes.ALOAD, 2));
            code.add(new VarInsnNode(Opcodes.ALOAD, 1));
            code.add(new VarInsnNode(Opcodes.ILOAD, PLAN));
            code.add(new InsnNode(Opcodes.ICONST_0 + i));
            code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, FIELD_SNAPSHOTS, "value",
                    "(" + StreamCall.OSC_DESC + "Ljava/lang/Object;II)Ljava/lang/Object;", false));
            code.add(new VarInsnNode(Opcodes.ASTORE, VALUES + i));
        }
        for (int i = 0; i < MOST; i++) {
            code.add(new VarInsnNode(Opcodes.ILOAD, PLAN)); // the count, bits 0-2
            code.add(new IntInsnNode(Opcodes.BIPUSH, 7));
            code.add(new InsnNode(Opcodes.IAND));
            code.add(new InsnNode(Opcodes.ICONST_0 + i));
            code.add(new JumpInsnNode(Opcodes.IF_ICMPLE, done));
            code.add(new VarInsnNode(Opcodes.ALOAD, 0));
            code.add(new VarInsnNode(Opcodes.ALOAD, VALUES + i));
            code.add(new VarInsnNode(Opcodes.ILOAD, PLAN)); // unshared: bit 3 + i
            code.add(new IntInsnNode(Opcodes.BIPUSH, 3 + i));
            code.add(new InsnNode(Opcodes.IUSHR));
            code.add(new InsnNode(Opcodes.ICONST_1));
            code.add(new InsnNode(Opcodes.IAND));
            code.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, OOS, "writeObject0", "(Ljava/lang/Object;Z)V", false));
        }
        code.add(done);
        // the method's frames are compressed, as read: full frames here, the last one the JDK's own at this point
        code.add(new FrameNode(Opcodes.F_FULL, VALUES + MOST, new Object[] {OOS, OBJECT, OSC, "java/lang/Class",
            Opcodes.INTEGER, Opcodes.INTEGER, OBJECT, OBJECT, OBJECT, OBJECT, OBJECT}, 0, new Object[0]));
        code.add(new InsnNode(Opcodes.RETURN));
        code.add(jdk);
        code.add(new FrameNode(Opcodes.F_FULL, PLAN, new Object[] {OOS, OBJECT, OSC, "java/lang/Class",
            Opcodes.INTEGER}, 0, new Object[0]));
        return code;
    }
}
