package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.MethodRewriter;
import dev.serialboost.transformer.kit.RuntimeLocation;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.ArrayList;
import java.util.List;

/**
 * A virtual call in a stream class's method that a patch replaces with a static call to the runtime of the same
 * stack effect ({@code receiver.m(args)} becomes {@code Engine.m(receiver, args)}): owner, name and descriptor as in
 * the instruction, and the runtime class that takes it (installed name; {@link #ENGINE} unless said otherwise). Used
 * by the patches' bytecode only.
 */
record StreamCall(String owner, String name, String descriptor, String runtime) {

    static final String OBJECT_OUTPUT_STREAM = "java/io/ObjectOutputStream";
    static final String OBJECT_INPUT_STREAM = "java/io/ObjectInputStream";
    static final String OBJECT_STREAM_CLASS = "java/io/ObjectStreamClass";
    static final String OSC_DESC = "L" + OBJECT_STREAM_CLASS + ";";
    static final String OOS_DESC = "L" + OBJECT_OUTPUT_STREAM + ";";
    static final String OIS_DESC = "L" + OBJECT_INPUT_STREAM + ";";
    /** {@code ObjectInputStream.readNonProxyDesc(boolean)}, where three of the calls are. */
    static final String READ_NON_PROXY_DESC = "readNonProxyDesc(Z)" + OSC_DESC;
    /** The engine's entry points, as installed. */
    static final String ENGINE = RuntimeLocation.installedName("dev/serialboost/runtime/engine/Engine");

    /** A call the engine's entry points ({@link #ENGINE}) take. */
    StreamCall(final String owner, final String name, final String descriptor) {
        this(owner, name, descriptor, ENGINE);
    }

    boolean is(final AbstractInsnNode insn) {
        return insn instanceof MethodInsnNode m && m.getOpcode() == Opcodes.INVOKEVIRTUAL && m.owner.equals(owner)
                && m.name.equals(name) && m.desc.equals(descriptor);
    }

    /** Adds a problem unless {@code m} makes this call exactly once. */
    void requireOnce(final MethodNode m, final List<String> problems) {
        int found = 0;
        for (AbstractInsnNode insn : m.instructions) {
            if (is(insn)) {
                found++;
            }
        }
        if (found != 1) {
            problems.add(m.name + m.desc + " calls " + this + " " + found + " times, not once");
        }
    }

    /**
     * Replaces each of these calls in {@code m} with the runtime's method of the same name, whose descriptor is this
     * call's with the receiver as the first parameter.
     */
    void swapToEngine(final MethodNode m) {
        String engineDescriptor = "(L" + owner + ";" + descriptor.substring(1);
        for (AbstractInsnNode insn : m.instructions.toArray()) {
            if (is(insn)) {
                m.instructions.set(insn, new MethodInsnNode(Opcodes.INVOKESTATIC, runtime, name, engineDescriptor,
                        false));
            }
        }
    }

    /**
     * {@code classFile} (of {@code target}) with each of {@code calls} in its method {@code method} swapped for the
     * engine's ({@link #swapToEngine}): a descriptor patch that changes calls in one method.
     *
     * @throws IllegalStateException naming every problem ({@link #requireNone}) when the method is missing or does
     *                               not make each call exactly once
     */
    static byte[] swapInMethod(final byte[] classFile, final String target, final String method,
                               final StreamCall... calls) {
        boolean[] found = new boolean[1];
        List<String> problems = new ArrayList<>();
        byte[] changed = MethodRewriter.editMethods(classFile, List.of(method), found, m -> {
            for (StreamCall call : calls) {
                call.requireOnce(m, problems);
            }
            for (StreamCall call : calls) {
                call.swapToEngine(m);
            }
        });
        if (!found[0]) {
            problems.add(0, target + "." + method + " not found");
        }
        requireNone(target, problems);
        return changed;
    }

    /**
     * Throws, naming every problem, unless there is none: a stream class a descriptor patch found of another shape
     * (before the change could be kept).
     */
    static void requireNone(final String target, final List<String> problems) {
        if (!problems.isEmpty()) {
            throw new IllegalStateException("this JDK's " + target.replace('/', '.') + " is not the shape"
                    + " serialboost knows (" + String.join("; ", problems) + ")");
        }
    }

    @Override
    public String toString() {
        return owner.replace('/', '.') + "." + name + descriptor;
    }
}
