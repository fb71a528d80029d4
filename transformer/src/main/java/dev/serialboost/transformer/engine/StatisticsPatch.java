package dev.serialboost.transformer.engine;

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
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The engine's reports to its statistics ({@code dev.serialboost.runtime.engine.Statistics}), a part of each stream
 * class: calls added, nothing replaced, so the stream's bytes and behaviour stay as they are. Each hook starts by
 * reading one flag, off unless the agent switched statistics on ({@code stats=true} or the {@code stats} command), so
 * switching them on in a running JVM needs no retransformation. What each part adds:
 * <ul>
 *   <li>{@link #writing()}, in {@code ObjectOutputStream}: before the public constructor returns, {@code
 *       Statistics.opened(this)}; at the start of {@code writeObject(Object)} and {@code writeUnshared(Object)},
 *       {@code Statistics.writeStarts(this, obj, depth)}, before they return {@code Statistics.writeEnds(this,
 *       depth)}, and when they throw {@code Statistics.writeFails(depth)} (a write that throws is not counted); at the
 *       start of {@code writeOrdinaryObject}, {@code writeArray} and {@code writeEnum}, {@code Statistics.wrote(desc)};
 *       at the start of {@code writeString}, {@code Statistics.wroteString()}.</li>
 *   <li>{@link #reading()}, in {@code ObjectInputStream}: the constructor's {@code opened}; at the start of {@code
 *       readObject(Class)} and {@code readUnshared()}, {@code Statistics.readStarts(this, depth)}, {@code
 *       Statistics.readEnds(result, this, depth)} before they return (it returns the result), and {@code
 *       Statistics.readFails(depth)} when they throw; in {@code readOrdinaryObject}, {@code readArray} and {@code
 *       readEnum}, right after the descriptor is read into its local, {@code Statistics.read(desc)}; at the start of
 *       {@code readString(boolean)}, {@code Statistics.readString()}.
 *   </li>
 * </ul>
 *
 * <p>Checked by shape: each method present, none reporting already, each with a return, and each reading method
 * storing the one {@code readClassDesc(false)} it makes in a local; the top-level methods never storing to local 0,
 * which the frame of the handler added to them holds to be {@code this}.
 */
public final class StatisticsPatch extends JdkPatch {

    private static final String STATISTICS = RuntimeLocation.installedName("dev/serialboost/runtime/engine/Statistics");
    private static final String OOS = StreamCall.OBJECT_OUTPUT_STREAM;
    private static final String OIS = StreamCall.OBJECT_INPUT_STREAM;
    private static final String OSC_DESC = StreamCall.OSC_DESC;

    private static final String OOS_INIT = "<init>(Ljava/io/OutputStream;)V";
    private static final List<String> WRITES = List.of("writeObject(Ljava/lang/Object;)V",
            "writeUnshared(Ljava/lang/Object;)V");
    private static final List<String> WRITTEN = List.of(
            "writeOrdinaryObject(Ljava/lang/Object;" + OSC_DESC + "Z)V",
            "writeArray(Ljava/lang/Object;" + OSC_DESC + "Z)V",
            "writeEnum(Ljava/lang/Enum;" + OSC_DESC + "Z)V");
    private static final String WRITE_STRING = "writeString(Ljava/lang/String;Z)V";

    private static final String OIS_INIT = "<init>(Ljava/io/InputStream;)V";
    private static final List<String> READS = List.of("readObject(Ljava/lang/Class;)Ljava/lang/Object;",
            "readUnshared()Ljava/lang/Object;");
    private static final List<String> READ = List.of("readOrdinaryObject(Z)Ljava/lang/Object;",
            "readArray(Z)Ljava/lang/Object;", "readEnum(Z)Ljava/lang/Enum;");
    private static final String READ_STRING = "readString(Z)Ljava/lang/String;";

    private StatisticsPatch(final String target, final List<String> methods) {
        super("statistics", target, methods, CALLS_RUNTIME, KnownFingerprints.NONE);
    }

    /** The part of {@code ObjectOutputStream}. */
    public static StatisticsPatch writing() {
        List<String> methods = new ArrayList<>(List.of(OOS_INIT));
        methods.addAll(WRITES);
        methods.addAll(WRITTEN);
        methods.add(WRITE_STRING);
        return new StatisticsPatch(OOS, List.copyOf(methods));
    }

    /** The part of {@code ObjectInputStream}. */
    public static StatisticsPatch reading() {
        List<String> methods = new ArrayList<>(List.of(OIS_INIT));
        methods.addAll(READS);
        methods.addAll(READ);
        methods.add(READ_STRING);
        return new StatisticsPatch(OIS, List.copyOf(methods));
    }

    @Override
    public byte[] change(final byte[] streamClass) {
        List<String> methods = changes();
        boolean[] found = new boolean[methods.size()];
        List<String> problems = new ArrayList<>();
        byte[] changed = MethodRewriter.editMethods(streamClass, methods, found, m -> {
            String key = m.name + m.desc;
            for (AbstractInsnNode insn : m.instructions) {
                if (insn instanceof MethodInsnNode call && call.owner.equals(STATISTICS)) {
                    problems.add(key + " reports to the statistics already");
                    return;
                }
            }
            if (key.equals(OOS_INIT) || key.equals(OIS_INIT)) {
                beforeReturns(m, Opcodes.RETURN, problems, () -> call(load(0), "opened", "(Ljava/lang/Object;)V"));
            } else if (WRITES.contains(key)) {
                beforeReturns(m, Opcodes.RETURN, problems, () -> call(load(0), depth(OOS), "writeEnds",
                        "(" + StreamCall.OOS_DESC + "I)V"));
                guard(m, OOS, call(load(0, 1), depth(OOS), "writeStarts",
                        "(" + StreamCall.OOS_DESC + "Ljava/lang/Object;I)V"), call(depth(OOS), "writeFails", "(I)V"),
                        problems);
            } else if (WRITTEN.contains(key)) {
                m.instructions.insert(call(load(2), null, "wrote", "(" + OSC_DESC + ")V"));
            } else if (key.equals(WRITE_STRING)) {
                m.instructions.insert(call(new InsnList(), null, "wroteString", "()V"));
            } else if (READS.contains(key)) {
                beforeReturns(m, Opcodes.ARETURN, problems, () -> call(load(0), depth(OIS), "readEnds",
                        "(Ljava/lang/Object;" + StreamCall.OIS_DESC + "J)Ljava/lang/Object;"));
                guard(m, OIS, call(load(0), depth(OIS), "readStarts", "(" + StreamCall.OIS_DESC + "J)V"),
                        call(depth(OIS), "readFails", "(J)V"), problems);
            } else if (READ.contains(key)) {
                afterDescriptorRead(m, problems);
            } else if (key.equals(READ_STRING)) {
                m.instructions.insert(call(new InsnList(), null, "readString", "()V"));
            }
            m.maxStack += 4;
        });
        for (int i = 0; i < methods.size(); i++) {
            if (!found[i]) {
                problems.add(target() + "." + methods.get(i) + " not found");
            }
        }
        StreamCall.requireNone(target(), problems);
        return changed;
    }

    /** Inserts what {@code report} makes before each {@code opcode} of {@code m}; a problem when it has none. */
    private static void beforeReturns(final MethodNode m, final int opcode, final List<String> problems,
                                      final java.util.function.Supplier<InsnList> report) {
        int returns = 0;
        for (AbstractInsnNode insn : m.instructions.toArray()) {
            if (insn.getOpcode() == opcode) {
                m.instructions.insertBefore(insn, report.get());
                returns++;
            }
        }
        if (returns == 0) {
            problems.add(m.name + m.desc + " has no return");
        }
    }

    /**
     * {@code starts} inserted at the start of {@code m}, and around all that follows a handler of any throwable that
     * runs {@code fails} and throws it on, so that every start reported has its end or its failure. The handler's
     * frame has {@code this} alone (of class {@code owner}) and the throwable, which holds wherever in {@code m} it is
     * thrown from as long as {@code m} never stores to local 0 (a problem if it does). The handler comes last in the
     * method's table, so the method's own handlers take what they catch first.
     */
    private static void guard(final MethodNode m, final String owner, final InsnList starts, final InsnList fails,
                              final List<String> problems) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof VarInsnNode store && store.getOpcode() >= Opcodes.ISTORE && store.var == 0) {
                problems.add(m.name + m.desc + " stores to local 0");
                return;
            }
        }
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        starts.add(start);
        m.instructions.insert(starts);
        m.instructions.add(end);
        m.instructions.add(handler);
        m.instructions.add(new FrameNode(Opcodes.F_FULL, 1, new Object[] {owner}, 1,
                new Object[] {"java/lang/Throwable"}));
        m.instructions.add(fails);
        m.instructions.add(new InsnNode(Opcodes.ATHROW));
        m.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }

    /** After {@code desc = readClassDesc(false)}: {@code Statistics.read(desc)}. */
    private static void afterDescriptorRead(final MethodNode m, final List<String> problems) {
        List<VarInsnNode> stores = new ArrayList<>();
        int calls = 0;
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call && call.owner.equals(OIS) && call.name.equals("readClassDesc")
                    && call.desc.equals("(Z)" + OSC_DESC)) {
                calls++;
                AbstractInsnNode next = call.getNext();
                while (next != null && next.getOpcode() < 0) {
                    next = next.getNext();
                }
                if (next instanceof VarInsnNode store && store.getOpcode() == Opcodes.ASTORE) {
                    stores.add(store);
                }
            }
        }
        if (calls != 1 || stores.size() != 1) {
            problems.add(m.name + m.desc + " reads " + calls + " descriptors into " + stores.size()
                    + " locals, not one into one");
            return;
        }
        m.instructions.insert(stores.get(0), call(load(stores.get(0).var), null, "read", "(" + OSC_DESC + ")V"));
    }

    private static InsnList load(final int... slots) {
        InsnList list = new InsnList();
        for (int slot : slots) {
            list.add(new VarInsnNode(Opcodes.ALOAD, slot));
        }
        return list;
    }

    /** {@code this.depth}, an {@code int} in {@code ObjectOutputStream} and a {@code long} in the input stream. */
    private static InsnList depth(final String owner) {
        InsnList list = load(0);
        list.add(new FieldInsnNode(Opcodes.GETFIELD, owner, "depth", owner.equals(OOS) ? "I" : "J"));
        return list;
    }

    private static InsnList call(final InsnList arguments, final InsnList more, final String hook,
                                 final String descriptor) {
        InsnList list = new InsnList();
        list.add(arguments);
        if (more != null) {
            list.add(more);
        }
        list.add(new MethodInsnNode(Opcodes.INVOKESTATIC, STATISTICS, hook, descriptor, false));
        return list;
    }

    private static InsnList call(final InsnList arguments, final String hook, final String descriptor) {
        return call(arguments, null, hook, descriptor);
    }
}
