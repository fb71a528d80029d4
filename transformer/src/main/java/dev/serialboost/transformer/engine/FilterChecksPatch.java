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

import java.util.List;
import java.util.Map;

/**
 * A part of the engine's patch of {@code ObjectInputStream}: recording classes. {@code filterCheck(Class, int)}, which
 * the JDK calls for every class descriptor, proxy interface, array and back-reference it reads (with or without a
 * filter, since it also feeds the JDK's {@code jdk.Deserialization} event), starts with {@code
 * ClassRecording.filterCheck(this, clazz, arrayLength)}. The runtime returns at once unless the agent's {@code
 * record-classes} setting started it; then it notes the class and the values the JDK hands the filter right after
 * (the stream's {@code totalObjectRefs}, {@code depth} and bytes read), and never throws. The JDK's own code follows,
 * unchanged: the filter sees the same calls.
 *
 * <p>This patches the method rather than its call sites because every way the JDK asks a filter goes through it
 * ({@code readNonProxyDesc}, {@code readProxyDesc}, {@code readArray}, {@code readHandle}, {@code checkResolve},
 * {@code checkArray} from the JDK's collections), and the values it hands the filter are its own fields: recorded
 * there, the limits are exactly what a filter would have been asked. Applied only where {@code filterCheck} has a
 * fingerprint this patch knows (that it hands the filter those fields, and the bytes read of {@code bin}).
 */
public final class FilterChecksPatch extends JdkPatch {

    static final String FILTER_CHECK = "filterCheck(Ljava/lang/Class;I)V";
    private static final String TOTAL_OBJECT_REFS = "totalObjectRefs";
    private static final String DEPTH = "depth";

    private static final String CLASS_RECORDING =
            RuntimeLocation.installedName("dev/serialboost/runtime/engine/ClassRecording");

    public FilterChecksPatch() {
        super("recording classes", StreamCall.OBJECT_INPUT_STREAM, List.of(FILTER_CHECK), CALLS_RUNTIME,
                KnownFingerprints.patched(Map.of(
                        "17.0.15", "601d2d2a1ad2bc0f", // the JDK's jdk.Deserialization event made otherwise
                        "21.0.8", "4ce8affcc925357f",
                        "25.0.3", "4ce8affcc925357f")));
    }

    /** The fingerprint of {@code filterCheck} as the patch is given it. */
    @Override
    public String fingerprint(final byte[] objectInputStream, final ClassFileSource jdk) {
        return Fingerprint.ofMethod(objectInputStream, FILTER_CHECK);
    }

    @Override
    protected String fingerprinted() {
        return targetName() + ".filterCheck";
    }

    @Override
    public byte[] change(final byte[] objectInputStream) {
        boolean[] found = new boolean[1];
        String[] shape = new String[1];
        byte[] changed = MethodRewriter.editMethods(objectInputStream, List.of(FILTER_CHECK), found, m -> {
            VarInsnNode bytesRead = bytesReadStore(m);
            if (bytesRead == null || !readsField(m, TOTAL_OBJECT_REFS) || !readsField(m, DEPTH)) {
                shape[0] = "no store of bin.getBytesRead() or no read of " + TOTAL_OBJECT_REFS + " and " + DEPTH;
                return;
            }
            InsnList call = new InsnList();
            call.add(new VarInsnNode(Opcodes.ALOAD, 0));
            call.add(new VarInsnNode(Opcodes.ALOAD, 1));
            call.add(new VarInsnNode(Opcodes.ILOAD, 2));
            call.add(new VarInsnNode(Opcodes.ALOAD, 0));
            call.add(new FieldInsnNode(Opcodes.GETFIELD, StreamCall.OBJECT_INPUT_STREAM, TOTAL_OBJECT_REFS, "J"));
            call.add(new VarInsnNode(Opcodes.ALOAD, 0));
            call.add(new FieldInsnNode(Opcodes.GETFIELD, StreamCall.OBJECT_INPUT_STREAM, DEPTH, "J"));
            call.add(new VarInsnNode(Opcodes.LLOAD, bytesRead.var));
            call.add(new MethodInsnNode(Opcodes.INVOKESTATIC, CLASS_RECORDING, "filterCheck",
                    "(L" + StreamCall.OBJECT_INPUT_STREAM + ";Ljava/lang/Class;IJJJ)V", false));
            m.instructions.insert(bytesRead, call);
            m.maxStack = Math.max(m.maxStack, 9);
        });
        if (!found[0] || shape[0] != null) {
            throw new IllegalStateException("this JDK's java.io.ObjectInputStream." + FILTER_CHECK + " is not the shape"
                    + " serialboost knows: " + (found[0] ? shape[0] : "no such instance method"));
        }
        return changed;
    }

    /**
     * The store of {@code bin.getBytesRead()} (or 0) into a local at the start of {@code filterCheck}: the bytes
     * the JDK hands the filter, which the recording is given from there.
     */
    private static VarInsnNode bytesReadStore(final MethodNode m) {
        boolean called = false;
        for (AbstractInsnNode i : m.instructions) {
            if (called && i.getOpcode() >= 0) {
                // the call's result goes straight into the local (the 0 of the other branch jumps to this store)
                return i.getOpcode() == Opcodes.LSTORE ? (VarInsnNode) i : null;
            }
            if (i instanceof MethodInsnNode call && call.name.equals("getBytesRead") && call.desc.equals("()J")) {
                called = true;
            }
        }
        return null;
    }

    private static boolean readsField(final MethodNode m, final String name) {
        for (AbstractInsnNode i : m.instructions) {
            if (i instanceof FieldInsnNode f && f.getOpcode() == Opcodes.GETFIELD && f.name.equals(name)
                    && f.desc.equals("J") && f.owner.equals(StreamCall.OBJECT_INPUT_STREAM)) {
                return true;
            }
        }
        return false;
    }
}
