package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;
import dev.serialboost.transformer.kit.MethodRewriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The engine's patch of {@code ObjectInputStream}'s class resolution, the reading side's own:
 * <ul>
 *   <li><b>Resolved classes</b>: in {@code readNonProxyDesc(boolean)}, {@code resolveClass(readDesc)} becomes
 *       {@code Engine.resolveClass(this, readDesc)}, which answers from a cache exact for the caller's class loader,
 *       or calls {@code resolveClass} (always, for a stream class that overrides it).</li>
 *   <li><b>The caller's class loader, once per call</b>: in {@code readObject0(Class, boolean)}, each {@code depth}
 *       change is followed by {@code Engine.enteredRead(this, depth)} or {@code Engine.leftRead(this, depth)}, so the
 *       engine knows where a top-level read starts and ends and when an object is done; and the methods by which code
 *       outside the stream reads objects from it ({@code readObject(Class)}, behind {@code readObject()};
 *       {@code readUnshared()}, {@code defaultReadObject()}, {@code readFields()}) start with
 *       {@code Engine.publicRead(this, depth)}, so it knows from which depth on class code (a {@code readObject},
 *       {@code readExternal}, ...) may be on the stack, and with it another class loader.</li>
 * </ul>
 *
 * <p>Checked by shape: {@code resolveClass} called once in {@code readNonProxyDesc}, {@code readObject0} raising
 * {@code depth} once and lowering it at least once, by one each time, and the four public reads present.
 */
public final class ClassResolutionPatch extends JdkPatch {

    private static final String READ_OBJECT0 = "readObject0(Ljava/lang/Class;Z)Ljava/lang/Object;";
    /** The methods by which code outside the stream reads objects from it; each reports its entry. */
    private static final List<String> PUBLIC_READS = List.of("readObject(Ljava/lang/Class;)Ljava/lang/Object;",
            "readUnshared()Ljava/lang/Object;", "defaultReadObject()V",
            "readFields()Ljava/io/ObjectInputStream$GetField;");

    private static final String OIS = StreamCall.OBJECT_INPUT_STREAM;
    private static final String OIS_DESC = StreamCall.OIS_DESC;
    private static final StreamCall RESOLVE_CLASS = new StreamCall(OIS, "resolveClass",
            "(" + StreamCall.OSC_DESC + ")Ljava/lang/Class;");

    public ClassResolutionPatch() {
        super("reading", StreamCall.OBJECT_INPUT_STREAM, patchedMethods(), CALLS_RUNTIME, KnownFingerprints.NONE);
    }

    /** {@code readNonProxyDesc}, {@code readObject0}, then the public reads. */
    private static List<String> patchedMethods() {
        List<String> changes = new ArrayList<>(List.of(StreamCall.READ_NON_PROXY_DESC, READ_OBJECT0));
        changes.addAll(PUBLIC_READS);
        return changes;
    }

    /** With this and the writing side's {@link DescriptorTemplatesPatch} off, the engine layer is off. */
    @Override
    public boolean essential() {
        return true;
    }

    @Override
    public byte[] change(final byte[] objectInputStream) {
        return patched(objectInputStream, changes());
    }

    private static byte[] patched(final byte[] objectInputStream, final List<String> methods) {
        boolean[] found = new boolean[methods.size()];
        List<String> resolveProblems = new ArrayList<>();
        List<String> depthProblems = new ArrayList<>();
        byte[] changed = MethodRewriter.editMethods(objectInputStream, methods, found, m -> {
            String key = m.name + m.desc;
            if (key.equals(StreamCall.READ_NON_PROXY_DESC)) {
                RESOLVE_CLASS.requireOnce(m, resolveProblems);
                RESOLVE_CLASS.swapToEngine(m);
            } else if (key.equals(READ_OBJECT0)) {
                int[] changes = depthChanges(m);
                if (changes[0] != 1 || changes[1] < 1 || changes[2] != 0) {
                    depthProblems.add(READ_OBJECT0 + " changes depth " + changes[0] + " times up, " + changes[1]
                            + " times down and " + changes[2] + " times otherwise, not once up and at least once"
                            + " down");
                }
                reportDepth(m);
            } else {
                reportEntry(m);
            }
        });
        // in the order the checks have always named them
        List<String> problems = new ArrayList<>();
        if (!found[0]) {
            problems.add(OIS + "." + StreamCall.READ_NON_PROXY_DESC + " not found");
        }
        problems.addAll(resolveProblems);
        if (!found[1]) {
            problems.add(OIS + "." + READ_OBJECT0 + " not found");
        }
        problems.addAll(depthProblems);
        for (int i = 2; i < methods.size(); i++) {
            if (!found[i]) {
                problems.add(OIS + "." + methods.get(i) + " not found");
            }
        }
        StreamCall.requireNone(OIS, problems);
        return changed;
    }

    /** After each store to {@code depth}: {@code Engine.enteredRead/leftRead(this, depth)}. */
    private static void reportDepth(final MethodNode m) {
        for (AbstractInsnNode insn : m.instructions.toArray()) {
            int change = depthChange(insn);
            if (change != 0) {
                m.instructions.insert(insn, report(change > 0 ? "enteredRead" : "leftRead"));
            }
        }
        m.maxStack = Math.max(m.maxStack, 3);
    }

    /** At the start of the method: {@code Engine.publicRead(this, depth)}. */
    private static void reportEntry(final MethodNode m) {
        m.instructions.insert(report("publicRead"));
        m.maxStack = Math.max(m.maxStack, 3);
    }

    /** {@code Engine.<engineMethod>(this, this.depth)}. */
    private static InsnList report(final String engineMethod) {
        InsnList report = new InsnList();
        report.add(new VarInsnNode(Opcodes.ALOAD, 0));
        report.add(new VarInsnNode(Opcodes.ALOAD, 0));
        report.add(new FieldInsnNode(Opcodes.GETFIELD, OIS, "depth", "J"));
        report.add(new MethodInsnNode(Opcodes.INVOKESTATIC, StreamCall.ENGINE, engineMethod,
                "(" + OIS_DESC + "J)V", false));
        return report;
    }

    /** {@code [ups, downs, others]}: the stores to {@code depth} in a method, by what they store. */
    private static int[] depthChanges(final MethodNode m) {
        int[] changes = new int[3];
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof FieldInsnNode f && f.getOpcode() == Opcodes.PUTFIELD && f.name.equals("depth")
                    && f.owner.equals(OIS)) {
                int change = depthChange(insn);
                changes[change > 0 ? 0 : change < 0 ? 1 : 2]++;
            }
        }
        return changes;
    }

    /** +1 for {@code depth = depth + 1}, -1 for {@code depth = depth - 1}, else 0. */
    private static int depthChange(final AbstractInsnNode insn) {
        if (!(insn instanceof FieldInsnNode f) || f.getOpcode() != Opcodes.PUTFIELD || !f.name.equals("depth")
                || !f.owner.equals(OIS) || !f.desc.equals("J")) {
            return 0;
        }
        AbstractInsnNode op = MethodRewriter.previousInstruction(insn);
        AbstractInsnNode one = MethodRewriter.previousInstruction(op);
        if (one == null || one.getOpcode() != Opcodes.LCONST_1) {
            return 0;
        }
        return op.getOpcode() == Opcodes.LADD ? 1 : op.getOpcode() == Opcodes.LSUB ? -1 : 0;
    }
}
