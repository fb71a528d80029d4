package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The engine layer's method-body patches to {@code java.base}, and the check that the running JDK's classes have
 * the shape they expect. Pure: class bytes in, a list of problems or class bytes out. Each patch swaps one call
 * in one JDK method for a call to {@code dev.serialboost.runtime.Engine}, which does the same job faster and falls
 * through to the very call it replaced on any miss; no member is added, so the patches are legal for
 * retransformation. Checked on OpenJDK 17.0.21, Temurin 21.0.8 and Temurin 25.
 *
 * <ul>
 *   <li><b>Descriptor templates</b>, in {@code ObjectOutputStream.writeNonProxyDesc(ObjectStreamClass, boolean)}:
 *       {@code writeClassDescriptor(desc)} becomes {@code Engine.writeClassDescriptor(this, desc)} and
 *       {@code desc.writeNonProxy(this)} (protocol version 1) becomes {@code Engine.writeNonProxy(desc, this)}.</li>
 *   <li><b>Recognised descriptors</b>, in {@code ObjectInputStream.readNonProxyDesc(boolean)}, only where
 *       {@code ObjectStreamClass.readNonProxy} has a {@link #KNOWN_READ_NON_PROXY known fingerprint} (the engine
 *       does what that method does): {@code readClassDescriptor()} becomes {@code Engine.readClassDescriptor(this)}.
 *       </li>
 *   <li><b>Resolved classes</b>, in the same method:
 *       {@code resolveClass(readDesc)} becomes {@code Engine.resolveClass(this, readDesc)}.</li>
 *   <li><b>Bound descriptors</b>, in the same method, only where {@code ObjectStreamClass.initNonProxy} has a
 *       {@link #KNOWN_INIT_NON_PROXY known fingerprint} (the engine copies the fields that method sets):
 *       {@code desc.initNonProxy(readDesc, cl, resolveEx, superDesc)} becomes
 *       {@code Engine.initNonProxy(desc, readDesc, cl, resolveEx, superDesc)}.</li>
 *   <li><b>The caller's class loader, once per call</b>: in {@code ObjectInputStream.readObject0(Class, boolean)},
 *       each {@code depth} change is followed by {@code Engine.enteredRead(this, depth)} or
 *       {@code Engine.leftRead(this, depth)}, so the engine knows where a top-level read starts and ends and when
 *       an object is done; and the methods by which code outside the stream reads objects from it
 *       ({@code readObject(Class)}, behind {@code readObject()}; {@code readUnshared()}, {@code defaultReadObject()},
 *       {@code readFields()}) start with {@code Engine.publicRead(this, depth)}, so it knows from which depth on
 *       class code (a {@code readObject}, {@code readExternal}, ...) may be on the stack.</li>
 * </ul>
 */
public final class EnginePatches {

    public static final String OBJECT_OUTPUT_STREAM = "java/io/ObjectOutputStream";
    public static final String OBJECT_INPUT_STREAM = "java/io/ObjectInputStream";

    private static final String OSC = "java/io/ObjectStreamClass";
    private static final String OSC_DESC = "L" + OSC + ";";
    private static final String OOS_DESC = "L" + OBJECT_OUTPUT_STREAM + ";";
    private static final String OIS_DESC = "L" + OBJECT_INPUT_STREAM + ";";
    private static final String ENGINE = RuntimeLocation.installedName("dev/serialboost/runtime/engine/Engine");

    private static final String WRITE_NON_PROXY_DESC = "writeNonProxyDesc(" + OSC_DESC + "Z)V";
    private static final String READ_NON_PROXY_DESC = "readNonProxyDesc(Z)" + OSC_DESC;
    private static final String READ_OBJECT0 = "readObject0(Ljava/lang/Class;Z)Ljava/lang/Object;";

    /** A call the patches replace: owner, name and descriptor as in the instruction. */
    private record Call(String owner, String name, String descriptor) {
        boolean is(final AbstractInsnNode insn) {
            return insn instanceof MethodInsnNode m && m.getOpcode() == Opcodes.INVOKEVIRTUAL && m.owner.equals(owner)
                    && m.name.equals(name) && m.desc.equals(descriptor);
        }

        @Override
        public String toString() {
            return owner.replace('/', '.') + "." + name + descriptor;
        }
    }

    private static final Call WRITE_CLASS_DESCRIPTOR = new Call(OBJECT_OUTPUT_STREAM, "writeClassDescriptor",
            "(" + OSC_DESC + ")V");
    private static final Call WRITE_NON_PROXY = new Call(OSC, "writeNonProxy", "(" + OOS_DESC + ")V");
    private static final Call RESOLVE_CLASS = new Call(OBJECT_INPUT_STREAM, "resolveClass",
            "(" + OSC_DESC + ")Ljava/lang/Class;");
    private static final Call INIT_NON_PROXY = new Call(OSC, "initNonProxy", "(" + OSC_DESC + "Ljava/lang/Class;"
            + "Ljava/lang/ClassNotFoundException;" + OSC_DESC + ")V");
    private static final Call READ_CLASS_DESCRIPTOR = new Call(OBJECT_INPUT_STREAM, "readClassDescriptor",
            "()" + OSC_DESC);

    /** The methods by which code outside the stream reads objects from it; each is patched to report its entry. */
    private static final List<String> PUBLIC_READS = List.of("readObject(Ljava/lang/Class;)Ljava/lang/Object;",
            "readUnshared()Ljava/lang/Object;", "defaultReadObject()V",
            "readFields()Ljava/io/ObjectInputStream$GetField;");

    public static final String READ_NON_PROXY = "readNonProxy(" + OIS_DESC + ")V";
    public static final String INIT_NON_PROXY_METHOD = "initNonProxy(" + OSC_DESC + "Ljava/lang/Class;"
            + "Ljava/lang/ClassNotFoundException;" + OSC_DESC + ")V";

    /**
     * Fingerprints ({@link #fingerprint}) of {@code ObjectStreamClass.initNonProxy} in the JDKs whose method
     * {@code dev.serialboost.runtime.BoundFields} was checked against: the fields it sets, and that it only stores
     * the superclass descriptor.
     */
    public static final java.util.Set<String> KNOWN_INIT_NON_PROXY = java.util.Set.of(
            "7cbabb6e2a566fb1", // OpenJDK 17.0.19 and 17.0.21, Temurin 21.0.8 (which also set protection domains)
            "d999828b07465924"); // Temurin 25

    /**
     * Fingerprints ({@link #fingerprint}) of {@code ObjectStreamClass.readNonProxy} in the JDKs whose method
     * {@code dev.serialboost.runtime.DescriptorReader} was checked against, line by line.
     */
    public static final java.util.Set<String> KNOWN_READ_NON_PROXY = java.util.Set.of(
            "0d1a6ca56676bd95", // OpenJDK 17.0.19 and 17.0.21 (exception causes by initCause)
            "2d1cd6a473292142"); // Temurin 21.0.8 and 25 (exception causes by constructor)

    private EnginePatches() {
    }

    /**
     * A digest of the instructions of one method of {@code ObjectStreamClass} ({@link #READ_NON_PROXY},
     * {@link #INIT_NON_PROXY_METHOD}): opcodes, the members and constants they use, branch structure; not line
     * numbers or constant pool order. Null when the method is missing.
     */
    public static String fingerprint(final byte[] objectStreamClass, final String method) {
        return fingerprint(methods(objectStreamClass, method)[0]);
    }

    /**
     * The {@link #fingerprint}s of {@link #READ_NON_PROXY} and {@link #INIT_NON_PROXY_METHOD}, in this order, from
     * one reading of the class file.
     */
    public static String[] fingerprints(final byte[] objectStreamClass) {
        MethodNode[] both = methods(objectStreamClass, READ_NON_PROXY, INIT_NON_PROXY_METHOD);
        return new String[] {fingerprint(both[0]), fingerprint(both[1])};
    }

    /** {@link #fingerprint(byte[], String)} of a method already parsed (with or without debug information). */
    static String fingerprint(final MethodNode m) {
        if (m == null) {
            return null;
        }
        StringBuilder all = new StringBuilder();
        java.util.Map<org.objectweb.asm.tree.LabelNode, Integer> labels = new java.util.HashMap<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof org.objectweb.asm.tree.LabelNode l) {
                labels.put(l, labels.size());
            }
        }
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() < 0) {
                continue;
            }
            all.append(insn.getOpcode());
            if (insn instanceof MethodInsnNode mi) {
                all.append(' ').append(mi.owner).append('.').append(mi.name).append(mi.desc);
            } else if (insn instanceof FieldInsnNode fi) {
                all.append(' ').append(fi.owner).append('.').append(fi.name).append(':').append(fi.desc);
            } else if (insn instanceof TypeInsnNode ti) {
                all.append(' ').append(ti.desc);
            } else if (insn instanceof VarInsnNode vi) {
                all.append(' ').append(vi.var);
            } else if (insn instanceof IntInsnNode ii) {
                all.append(' ').append(ii.operand);
            } else if (insn instanceof IincInsnNode inc) {
                all.append(' ').append(inc.var).append(' ').append(inc.incr);
            } else if (insn instanceof org.objectweb.asm.tree.LdcInsnNode ldc) {
                all.append(' ').append(ldc.cst);
            } else if (insn instanceof org.objectweb.asm.tree.JumpInsnNode j) {
                all.append(" L").append(labels.get(j.label));
            } else if (insn instanceof org.objectweb.asm.tree.InvokeDynamicInsnNode indy) {
                all.append(' ').append(indy.name).append(indy.desc).append(java.util.Arrays.toString(indy.bsmArgs));
            } else if (insn instanceof org.objectweb.asm.tree.TableSwitchInsnNode t) {
                all.append(' ').append(t.min).append(' ').append(t.max).append(" L").append(labels.get(t.dflt));
                for (org.objectweb.asm.tree.LabelNode l : t.labels) {
                    all.append(" L").append(labels.get(l));
                }
            } else if (insn instanceof org.objectweb.asm.tree.LookupSwitchInsnNode t) {
                all.append(' ').append(t.keys).append(" L").append(labels.get(t.dflt));
                for (org.objectweb.asm.tree.LabelNode l : t.labels) {
                    all.append(" L").append(labels.get(l));
                }
            }
            all.append('\n');
        }
        for (org.objectweb.asm.tree.TryCatchBlockNode t : m.tryCatchBlocks) {
            all.append("try L").append(labels.get(t.start)).append(" L").append(labels.get(t.end)).append(" L")
                    .append(labels.get(t.handler)).append(' ').append(t.type).append('\n');
        }
        return hash(all);
    }

    /** FNV-1a, 64 bits, in 16 hex digits: a fingerprint to compare with known ones, not a defence against forgery. */
    static String hash(final CharSequence all) {
        long hash = 0xcbf29ce484222325L;
        for (int i = 0; i < all.length(); i++) {
            hash = (hash ^ all.charAt(i)) * 0x100000001b3L;
        }
        String hex = Long.toHexString(hash);
        return "0000000000000000".substring(hex.length()) + hex;
    }

    /**
     * Checks both classes against what the patches rely on: each replaced call present exactly once in its method,
     * {@code readObject0} raising {@code depth} once, and the methods by which others read objects present.
     *
     * @return an empty list when both fit, else what does not
     */
    public static List<String> check(final byte[] objectOutputStream, final byte[] objectInputStream) {
        List<String> problems = new ArrayList<>(visit(OBJECT_OUTPUT_STREAM, new ClassReader(objectOutputStream), null,
                false, false));
        problems.addAll(visit(OBJECT_INPUT_STREAM, new ClassReader(objectInputStream), null, false, false));
        return problems;
    }

    /**
     * Patches one of the two classes; returns other classes' bytes unchanged. Each class is checked as
     * {@link #check} does before anything in it is changed, so the class file is parsed once, and only the methods
     * the patches change are parsed into instructions: every other method is copied as it is.
     *
     * @param recognise whether to patch in descriptor recognition (only for a known {@code readNonProxy})
     * @param bind      whether to patch in the copying of bound descriptors (only for a known {@code initNonProxy})
     */
    public static byte[] patch(final String internalName, final byte[] classFile, final boolean recognise,
                               final boolean bind) {
        if (!internalName.equals(OBJECT_OUTPUT_STREAM) && !internalName.equals(OBJECT_INPUT_STREAM)) {
            return classFile;
        }
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        List<String> problems = visit(internalName, reader, writer, recognise, bind);
        if (!problems.isEmpty()) {
            throw new IllegalStateException("this JDK's " + internalName.replace('/', '.') + " is not the shape"
                    + " serialboost knows (" + String.join("; ", problems) + ")");
        }
        return writer.toByteArray();
    }

    /**
     * Reads one of the two classes, checking it, and, given a writer made from {@code reader}, writes it patched
     * (whatever the check found: the caller throws the bytes away unless it found nothing).
     *
     * @return what does not fit, in the order {@link #check} names it
     */
    private static List<String> visit(final String internalName, final ClassReader reader, final ClassWriter writer,
                                      final boolean recognise, final boolean bind) {
        Patcher patcher = new Patcher(internalName, writer, recognise, bind);
        // the writer was made from this very reader: it copies the constant pool and every method not visited
        reader.accept(patcher, writer == null ? ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES : 0);
        return patcher.problems();
    }

    /**
     * The methods the patches look at, parsed into instructions one at a time, checked, patched and handed on to
     * the writer; every other method goes to the writer untouched, which then copies it without parsing it.
     */
    private static final class Patcher extends org.objectweb.asm.ClassVisitor {
        private final String internalName;
        private final boolean output;
        private final boolean patching;
        private final boolean recognise;
        private final boolean bind;
        /** Problems of the method checked in each slot; see {@link #problems()}. */
        private final List<String> writeProblems = new ArrayList<>();
        private final List<String> readProblems = new ArrayList<>();
        private final List<String> readObject0Problems = new ArrayList<>();
        private boolean seenWrite;
        private boolean seenRead;
        private boolean seenReadObject0;
        private final boolean[] seenPublicReads = new boolean[PUBLIC_READS.size()];

        Patcher(final String internalName, final ClassWriter writer, final boolean recognise, final boolean bind) {
            super(Opcodes.ASM9, writer);
            this.internalName = internalName;
            this.output = internalName.equals(OBJECT_OUTPUT_STREAM);
            this.patching = writer != null;
            this.recognise = recognise;
            this.bind = bind;
        }

        @Override
        public org.objectweb.asm.MethodVisitor visitMethod(final int access, final String name,
                                                           final String descriptor, final String signature,
                                                           final String[] exceptions) {
            org.objectweb.asm.MethodVisitor next = super.visitMethod(access, name, descriptor, signature,
                    exceptions);
            if ((access & Opcodes.ACC_STATIC) != 0) {
                return next;
            }
            String key = name + descriptor;
            int publicRead = output ? -1 : PUBLIC_READS.indexOf(key);
            if (output ? !key.equals(WRITE_NON_PROXY_DESC) : !key.equals(READ_NON_PROXY_DESC)
                    && !key.equals(READ_OBJECT0) && publicRead < 0) {
                return next;
            }
            return new MethodNode(Opcodes.ASM9, access, name, descriptor, signature, exceptions) {
                @Override
                public void visitEnd() {
                    checkAndPatch(this, key, publicRead);
                    if (next != null) {
                        accept(next);
                    }
                }
            };
        }

        private void checkAndPatch(final MethodNode m, final String key, final int publicRead) {
            if (output) {
                seenWrite = true;
                requireOnce(m, WRITE_CLASS_DESCRIPTOR, writeProblems);
                requireOnce(m, WRITE_NON_PROXY, writeProblems);
                if (patching) {
                    swap(m, WRITE_CLASS_DESCRIPTOR, "writeClassDescriptor", "(" + OOS_DESC + OSC_DESC + ")V");
                    swap(m, WRITE_NON_PROXY, "writeNonProxy", "(" + OSC_DESC + OOS_DESC + ")V");
                }
            } else if (key.equals(READ_NON_PROXY_DESC)) {
                seenRead = true;
                requireOnce(m, READ_CLASS_DESCRIPTOR, readProblems);
                requireOnce(m, RESOLVE_CLASS, readProblems);
                requireOnce(m, INIT_NON_PROXY, readProblems);
                if (patching) {
                    if (recognise) {
                        swap(m, READ_CLASS_DESCRIPTOR, "readClassDescriptor", "(" + OIS_DESC + ")" + OSC_DESC);
                    }
                    swap(m, RESOLVE_CLASS, "resolveClass", "(" + OIS_DESC + OSC_DESC + ")Ljava/lang/Class;");
                    if (bind) {
                        swap(m, INIT_NON_PROXY, "initNonProxy", "(" + OSC_DESC + OSC_DESC + "Ljava/lang/Class;"
                                + "Ljava/lang/ClassNotFoundException;" + OSC_DESC + ")V");
                    }
                }
            } else if (key.equals(READ_OBJECT0)) {
                seenReadObject0 = true;
                int[] changes = depthChanges(m);
                if (changes[0] != 1 || changes[1] < 1 || changes[2] != 0) {
                    readObject0Problems.add(READ_OBJECT0 + " changes depth " + changes[0] + " times up, "
                            + changes[1] + " times down and " + changes[2] + " times otherwise, not once up and at"
                            + " least once down");
                }
                if (patching) {
                    reportDepth(m);
                }
            } else {
                seenPublicReads[publicRead] = true;
                if (patching) {
                    reportEntry(m);
                }
            }
        }

        /** What does not fit, in the order the checks have always named it. */
        List<String> problems() {
            List<String> problems = new ArrayList<>();
            if (output) {
                if (!seenWrite) {
                    problems.add(OBJECT_OUTPUT_STREAM + "." + WRITE_NON_PROXY_DESC + " not found");
                }
                problems.addAll(writeProblems);
                return problems;
            }
            if (!seenRead) {
                problems.add(OBJECT_INPUT_STREAM + "." + READ_NON_PROXY_DESC + " not found");
            }
            problems.addAll(readProblems);
            if (!seenReadObject0) {
                problems.add(OBJECT_INPUT_STREAM + "." + READ_OBJECT0 + " not found");
            }
            problems.addAll(readObject0Problems);
            for (int i = 0; i < seenPublicReads.length; i++) {
                if (!seenPublicReads[i]) {
                    problems.add(OBJECT_INPUT_STREAM + "." + PUBLIC_READS.get(i) + " not found");
                }
            }
            return problems;
        }

        @Override
        public String toString() {
            return "Patcher for " + internalName;
        }
    }

    /** Replaces each {@code call} in {@code m} with a static call to the engine method of the same stack effect. */
    private static void swap(final MethodNode m, final Call call, final String engineMethod, final String descriptor) {
        for (AbstractInsnNode insn : m.instructions.toArray()) {
            if (call.is(insn)) {
                m.instructions.set(insn, new MethodInsnNode(Opcodes.INVOKESTATIC, ENGINE, engineMethod, descriptor,
                        false));
            }
        }
    }

    /** After each store to {@code depth}: {@code Engine.enteredRead/leftRead(this, depth)}. */
    private static void reportDepth(final MethodNode m) {
        for (AbstractInsnNode insn : m.instructions.toArray()) {
            int change = depthChange(insn);
            if (change != 0) {
                InsnList report = new InsnList();
                report.add(new VarInsnNode(Opcodes.ALOAD, 0));
                report.add(new VarInsnNode(Opcodes.ALOAD, 0));
                report.add(new FieldInsnNode(Opcodes.GETFIELD, OBJECT_INPUT_STREAM, "depth", "J"));
                report.add(new MethodInsnNode(Opcodes.INVOKESTATIC, ENGINE, change > 0 ? "enteredRead" : "leftRead",
                        "(" + OIS_DESC + "J)V", false));
                m.instructions.insert(insn, report);
            }
        }
        m.maxStack = Math.max(m.maxStack, 3);
    }

    /** At the start of the method: {@code Engine.publicRead(this, depth)}. */
    private static void reportEntry(final MethodNode m) {
        InsnList report = new InsnList();
        report.add(new VarInsnNode(Opcodes.ALOAD, 0));
        report.add(new VarInsnNode(Opcodes.ALOAD, 0));
        report.add(new FieldInsnNode(Opcodes.GETFIELD, OBJECT_INPUT_STREAM, "depth", "J"));
        report.add(new MethodInsnNode(Opcodes.INVOKESTATIC, ENGINE, "publicRead", "(" + OIS_DESC + "J)V", false));
        m.instructions.insert(report);
        m.maxStack = Math.max(m.maxStack, 3);
    }

    /** {@code [ups, downs, others]}: the stores to {@code depth} in a method, by what they store. */
    private static int[] depthChanges(final MethodNode m) {
        int[] changes = new int[3];
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof FieldInsnNode f && f.getOpcode() == Opcodes.PUTFIELD && f.name.equals("depth")
                    && f.owner.equals(OBJECT_INPUT_STREAM)) {
                int change = depthChange(insn);
                changes[change > 0 ? 0 : change < 0 ? 1 : 2]++;
            }
        }
        return changes;
    }

    /** +1 for {@code depth = depth + 1}, -1 for {@code depth = depth - 1}, else 0. */
    private static int depthChange(final AbstractInsnNode insn) {
        if (!(insn instanceof FieldInsnNode f) || f.getOpcode() != Opcodes.PUTFIELD || !f.name.equals("depth")
                || !f.owner.equals(OBJECT_INPUT_STREAM) || !f.desc.equals("J")) {
            return 0;
        }
        AbstractInsnNode op = previousReal(insn);
        AbstractInsnNode one = op == null ? null : previousReal(op);
        if (one == null || one.getOpcode() != Opcodes.LCONST_1) {
            return 0;
        }
        return op.getOpcode() == Opcodes.LADD ? 1 : op.getOpcode() == Opcodes.LSUB ? -1 : 0;
    }

    private static AbstractInsnNode previousReal(final AbstractInsnNode insn) {
        AbstractInsnNode p = insn.getPrevious();
        while (p != null && p.getOpcode() < 0) {
            p = p.getPrevious();
        }
        return p;
    }

    private static void requireOnce(final MethodNode m, final Call call, final List<String> problems) {
        int found = 0;
        for (AbstractInsnNode insn : m.instructions) {
            if (call.is(insn)) {
                found++;
            }
        }
        if (found != 1) {
            problems.add(m.name + m.desc + " calls " + call + " " + found + " times, not once");
        }
    }

    /** What {@link #swapCalls} does with one {@code invokevirtual}: the call to put in its place, or null. */
    @FunctionalInterface
    interface CallSwap {
        MethodInsnNode swap(MethodNode method, MethodInsnNode call);
    }

    /**
     * A class file with each {@code invokevirtual} that {@code swap} answers for replaced by its answer (a call with
     * the same stack effect), in every method; frames stay as they are. For the small classes of the per-object
     * patches, whose every method is parsed.
     */
    static byte[] swapCalls(final byte[] classFile, final CallSwap swap) {
        return rewriteMethods(classFile, 0, (access, name, descriptor, signature, exceptions, next) ->
                new MethodNode(Opcodes.ASM9, access, name, descriptor, signature, exceptions) {
                    @Override
                    public void visitEnd() {
                        for (AbstractInsnNode insn : instructions.toArray()) {
                            if (insn instanceof MethodInsnNode call && call.getOpcode() == Opcodes.INVOKEVIRTUAL) {
                                MethodInsnNode replacement = swap.swap(this, call);
                                if (replacement != null) {
                                    instructions.set(insn, replacement);
                                }
                            }
                        }
                        accept(next);
                    }
                });
    }

    /** What {@link #rewriteMethods} puts before one method's writer: a visitor passing to {@code next}, or null. */
    @FunctionalInterface
    interface MethodRewrite {
        org.objectweb.asm.MethodVisitor visitor(int access, String name, String descriptor, String signature,
                                                String[] exceptions, org.objectweb.asm.MethodVisitor next);
    }

    /**
     * A JDK class file with each method that {@code rewrite} answers for passed through its visitor on the way to
     * the writer; every other method, and the rest of the class, copied as it is.
     *
     * @param writerFlags {@code ClassWriter} flags: 0, or {@code COMPUTE_MAXS} (never {@code COMPUTE_FRAMES}, which
     *                    loads classes)
     */
    static byte[] rewriteMethods(final byte[] classFile, final int writerFlags, final MethodRewrite rewrite) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, writerFlags);
        reader.accept(new org.objectweb.asm.ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public org.objectweb.asm.MethodVisitor visitMethod(final int access, final String name,
                                                               final String descriptor, final String signature,
                                                               final String[] exceptions) {
                org.objectweb.asm.MethodVisitor next = super.visitMethod(access, name, descriptor, signature,
                        exceptions);
                org.objectweb.asm.MethodVisitor visitor = rewrite.visitor(access, name, descriptor, signature,
                        exceptions, next);
                return visitor != null ? visitor : next;
            }
        }, 0);
        return writer.toByteArray();
    }

    /**
     * One fingerprint of some instance methods of a class file together, in the order given: what the per-object
     * patches compare with the JDKs they were checked against; null when one of the methods is missing.
     */
    static String fingerprintOf(final byte[] classFile, final String... namesAndDescriptors) {
        return fingerprintOf(methods(classFile, namesAndDescriptors));
    }

    /**
     * Refuses a class whose patched methods do not have a known fingerprint: {@code what} (such as "this JDK's
     * java.io.Bits") is not one serialboost knows, with the fingerprint found or the note that a method is missing.
     *
     * @throws IllegalStateException unless {@code print} is one of {@code known}
     */
    static void requireKnown(final String print, final java.util.Set<String> known, final String what) {
        if (print == null || !known.contains(print)) {
            throw new IllegalStateException(what + " is not one serialboost knows ("
                    + (print == null ? "a method it patches is missing" : "fingerprint " + print) + ")");
        }
    }

    /** One fingerprint of methods already parsed, in the order given; null when one of them is (missing). */
    static String fingerprintOf(final MethodNode... found) {
        StringBuilder all = new StringBuilder();
        for (MethodNode m : found) {
            if (m == null) {
                return null;
            }
            all.append(fingerprint(m)).append(',');
        }
        return hash(all);
    }

    /** Some instance methods of a class file (null for one not found), parsed alone. */
    private static MethodNode[] methods(final byte[] classFile, final String... namesAndDescriptors) {
        MethodNode[] found = new MethodNode[namesAndDescriptors.length];
        new ClassReader(classFile).accept(new org.objectweb.asm.ClassVisitor(Opcodes.ASM9) {
            @Override
            public org.objectweb.asm.MethodVisitor visitMethod(final int access, final String name,
                                                               final String descriptor, final String signature,
                                                               final String[] exceptions) {
                if ((access & Opcodes.ACC_STATIC) != 0) {
                    return null;
                }
                for (int i = 0; i < found.length; i++) {
                    if (namesAndDescriptors[i].startsWith(name) && namesAndDescriptors[i].length() == name.length()
                            + descriptor.length() && namesAndDescriptors[i].endsWith(descriptor)) {
                        found[i] = new MethodNode(access, name, descriptor, signature, exceptions);
                        return found[i];
                    }
                }
                return null;
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return found;
    }
}
