package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The method-body patches to {@code java.base} that let the JDK's stream engine write and read converted classes
 * in the converted format while those classes stay ordinary {@code Serializable} classes to everyone else (see
 * {@code dev.serialboost.runtime.ConvertedFormat}), and the check that the running JDK's classes have the shape the
 * patches expect. Both are pure: class bytes in, a verdict or class bytes out. The patches add no member, so they
 * are legal for retransformation.
 *
 * <ul>
 *   <li>{@code ObjectOutputStream.writeObject0} and {@code writeClass}: every {@code ObjectStreamClass.lookup(cl,
 *       all)} becomes {@code ConvertedFormat.lookupForWrite(cl, all, this)} (a {@code Class} object of a converted
 *       class is described as its instances are, so one descriptor serves both, as without the agent);</li>
 *   <li>{@code ObjectOutputStream.writeOrdinaryObject} and {@code ObjectInputStream.readOrdinaryObject}: the
 *       {@code checkcast Externalizable} before {@code writeExternalData}/{@code readExternalData} is dropped (the
 *       verifier treats an interface-typed argument as any object);</li>
 *   <li>{@code writeExternalData}/{@code readExternalData}: {@code obj.writeExternal(this)} /
 *       {@code obj.readExternal(this)} stay for an {@code Externalizable} object; for any other (a converted one)
 *       they become a loop in the same frame that writes or reads the object's data through {@code
 *       ConvertedFormat.writeBegin}, {@code writeStep} / {@code readBegin}, {@code readNext} (the stream descriptor
 *       tells a converted class's reader the writer's fields) and each of its references with the stream's own
 *       {@code writeObject} / {@code readObject}, so a nesting level takes no more frames than in the plain format
 *       (see {@link #writeLoop});</li>
 *   <li>{@code ObjectStreamClass.initNonProxy}: the local descriptor {@code lookup(cl, true)} passes through
 *       {@code ConvertedFormat.localDescriptor(osc, model, cl)};</li>
 *   <li>the {@code ObjectStreamClass(Class)} constructor: {@code Externalizable.class.isAssignableFrom(cl)}
 *       passes through {@code ConvertedFormat.externalizableView(boolean)} (its {@code getSerialFields(Class)} is
 *       left alone, so a converted view lists the class's fields, which the stream then carries);</li>
 *   <li>{@code ObjectInputStream.readClassDescriptor()}, the JDK's own, which a stream class that overrides it calls
 *       as {@code super.readClassDescriptor()}: the descriptor it read passes through {@code
 *       ConvertedFormat.descriptorRead(desc, this)} on its way out, and in {@code readNonProxyDesc}, before {@code
 *       skipCustomData()}, the descriptor the stream's {@code readClassDescriptor()} returned ({@code readDesc}, the
 *       model {@code initNonProxy} takes next) passes through {@code ConvertedFormat.modelFor(this, desc,
 *       readDesc)}: an override that returned another descriptor than the one read for converted data (a renamed
 *       class's local descriptor, say) has the data read as the data it is, or refused, never misread.</li>
 * </ul>
 */
public final class ConvertedFormatPatches {

    public static final String OBJECT_STREAM_CLASS = "java/io/ObjectStreamClass";
    public static final String OBJECT_OUTPUT_STREAM = "java/io/ObjectOutputStream";
    public static final String OBJECT_INPUT_STREAM = "java/io/ObjectInputStream";
    /** The classes to patch, in the order to patch them: the hooks of the descriptor first, the writer last. */
    public static final List<String> CLASSES = List.of(OBJECT_STREAM_CLASS, OBJECT_INPUT_STREAM, OBJECT_OUTPUT_STREAM);

    private static final String HOOKS = RuntimeLocation.installedName("dev/serialboost/runtime/converted/ConvertedFormat");
    private static final String OSC_DESC = "L" + OBJECT_STREAM_CLASS + ";";
    private static final String EXTERNALIZABLE = "java/io/Externalizable";
    private static final String LOOKUP = "lookup";
    private static final String LOOKUP_DESC = "(Ljava/lang/Class;Z)" + OSC_DESC;
    private static final String WRITE_EXTERNAL = "writeExternal";
    private static final String READ_EXTERNAL = "readExternal";
    private static final String OBJECT = "java/lang/Object";
    private static final String WRITE_OBJECT = "writeObject";
    private static final String WRITE_OBJECT_DESC = "(Ljava/lang/Object;)V";
    /** {@code ObjectInputStream.readObject(Class)}: what the public {@code readObject()} calls, with Object.class. */
    private static final String READ_OBJECT = "readObject";
    private static final String READ_OBJECT_DESC = "(Ljava/lang/Class;)Ljava/lang/Object;";
    private static final String PROTOCOL = "protocol";
    private static final String NOT_FOUND = "java/lang/ClassNotFoundException";
    private static final String SKIP_CUSTOM_DATA = "skipCustomData";
    private static final String READ_CLASS_DESCRIPTOR = "readClassDescriptor";
    /** The engine layer's stand-in for {@code readClassDescriptor()} in {@code readNonProxyDesc}, if it patched it. */
    private static final String ENGINE = RuntimeLocation.installedName("dev/serialboost/runtime/engine/Engine");
    /** Methods the loops call, besides the sites, that each class must have. */
    private static final Map<String, List<String>> REQUIRED = Map.of(
            OBJECT_OUTPUT_STREAM, List.of(WRITE_OBJECT + WRITE_OBJECT_DESC),
            OBJECT_INPUT_STREAM, List.of(READ_OBJECT + READ_OBJECT_DESC));

    /** What each patched method must contain: the instruction, and how many times (0: one or more). */
    private enum Site {
        INIT_NON_PROXY_LOOKUP(OBJECT_STREAM_CLASS, "initNonProxy(" + OSC_DESC + "Ljava/lang/Class;"
                + "Ljava/lang/ClassNotFoundException;" + OSC_DESC + ")V", "a call of lookup(Class, boolean)", 1),
        CONSTRUCTOR_TEST(OBJECT_STREAM_CLASS, "<init>(Ljava/lang/Class;)V",
                "a test Externalizable.class.isAssignableFrom", 1),
        DESCRIPTOR_PROTOCOL(OBJECT_STREAM_CLASS, "writeNonProxy(L" + OBJECT_OUTPUT_STREAM + ";)V",
                "a call of ObjectOutputStream.getProtocolVersion", 1),
        WRITE_LOOKUP(OBJECT_OUTPUT_STREAM, "writeObject0(Ljava/lang/Object;Z)V", "a call of lookup(Class, boolean)", 0),
        WRITE_CLASS_LOOKUP(OBJECT_OUTPUT_STREAM, "writeClass(Ljava/lang/Class;Z)V", "a call of lookup(Class, boolean)",
                1),
        WRITE_CAST(OBJECT_OUTPUT_STREAM, "writeOrdinaryObject(Ljava/lang/Object;" + OSC_DESC + "Z)V",
                "a checkcast to Externalizable", 1),
        WRITE_EXTERNAL_CALL(OBJECT_OUTPUT_STREAM, "writeExternalData(Ljava/io/Externalizable;)V",
                "a call of Externalizable.writeExternal", 0, true),
        DATA_PROTOCOL(OBJECT_OUTPUT_STREAM, "writeExternalData(Ljava/io/Externalizable;)V",
                "a read of the field protocol", 1),
        READ_CAST(OBJECT_INPUT_STREAM, "readOrdinaryObject(Z)Ljava/lang/Object;", "a checkcast to Externalizable", 1),
        READ_EXTERNAL_CALL(OBJECT_INPUT_STREAM, "readExternalData(Ljava/io/Externalizable;" + OSC_DESC + ")V",
                "a call of Externalizable.readExternal", 1, true),
        READ_BLOCKED(OBJECT_INPUT_STREAM, "readExternalData(Ljava/io/Externalizable;" + OSC_DESC + ")V",
                "a call of ObjectStreamClass.hasBlockExternalData", 1),
        /** The method's entry: the site is the start of its code. */
        DEFAULT_WRITE_ENTRY(OBJECT_OUTPUT_STREAM, "defaultWriteObject()V", "code", 1),
        DEFAULT_READ_ENTRY(OBJECT_INPUT_STREAM, "defaultReadObject()V", "code", 1),
        READ_RECORD_ENTRY(OBJECT_INPUT_STREAM, "readRecord(" + OSC_DESC + ")Ljava/lang/Object;", "code", 1),
        /** The return of the descriptor the JDK's own {@code readClassDescriptor()} read. */
        DESCRIPTOR_READ(OBJECT_INPUT_STREAM, "readClassDescriptor()" + OSC_DESC, "a return", 1),
        /**
         * The call of {@code skipCustomData()} in {@code readNonProxyDesc}, after the new descriptor ({@code new
         * ObjectStreamClass()}) and the one {@code readClassDescriptor()} returned were stored in locals.
         */
        DESCRIPTOR_MODEL(OBJECT_INPUT_STREAM, "readNonProxyDesc(Z)" + OSC_DESC, "a call of skipCustomData", 1);

        final String owner;
        final String method;
        final String what;
        final int expected;
        /** Whether the call becomes a loop, which needs the types of the method's local variables at the site. */
        final boolean loops;

        Site(final String owner, final String method, final String what, final int expected) {
            this(owner, method, what, expected, false);
        }

        Site(final String owner, final String method, final String what, final int expected, final boolean loops) {
            this.owner = owner;
            this.method = method;
            this.what = what;
            this.expected = expected;
            this.loops = loops;
        }
    }

    private ConvertedFormatPatches() {
    }

    /**
     * Checks one of the three classes against what the patches rely on (other classes pass).
     *
     * @return an empty list when it fits, else what does not
     */
    public static List<String> check(final String internalName, final byte[] classFile) {
        Map<Site, Integer> found = new HashMap<>();
        List<Site> unclear = new ArrayList<>();
        List<String> methods = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(final int access, final String name, final String descriptor,
                                             final String signature, final String[] exceptions) {
                methods.add(name + descriptor);
                if (!hasSites(internalName, name + descriptor)) {
                    return null; // its code is not even read
                }
                return new SiteFinder(null, internalName, name + descriptor) {
                    @Override
                    void at(final Site site) {
                        found.merge(site, 1, Integer::sum);
                        if (site == Site.DESCRIPTOR_MODEL ? !descriptorLocals() : site.loops && locals() == null) {
                            unclear.add(site);
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.EXPAND_FRAMES);
        List<String> problems = new ArrayList<>();
        for (Site site : Site.values()) {
            if (!site.owner.equals(internalName)) {
                continue;
            }
            String where = internalName.replace('/', '.') + "." + site.method;
            int count = found.getOrDefault(site, 0);
            if (!methods.contains(site.method)) {
                problems.add(where + " not found");
            } else if (site.expected == 0 ? count == 0 : count != site.expected) {
                problems.add(where + " has " + count + " times " + site.what + ", not "
                        + (site.expected == 0 ? "one or more" : site.expected));
            } else if (unclear.contains(site) && site == Site.DESCRIPTOR_MODEL) {
                problems.add(where + " has " + site.what + " before the descriptor readClassDescriptor() returned"
                        + " and the new descriptor are both stored in local variables");
            } else if (unclear.contains(site)) {
                problems.add(where + " has " + site.what + " not called as obj.m(this), or where the types of the"
                        + " local variables are not clear from the code");
            }
        }
        for (String required : REQUIRED.getOrDefault(internalName, List.of())) {
            if (!methods.contains(required)) {
                problems.add(internalName.replace('/', '.') + "." + required + " not found");
            }
        }
        return problems;
    }

    /** Patches one of the three classes; returns other classes' bytes unchanged. Call {@link #check} first. */
    public static byte[] patch(final String internalName, final byte[] classFile) {
        if (!CLASSES.contains(internalName)) {
            return classFile;
        }
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(final int access, final String name, final String descriptor,
                                             final String signature, final String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                if (!hasSites(internalName, name + descriptor)) {
                    return mv; // copied as it is, without being parsed
                }
                return new SiteFinder(mv, internalName, name + descriptor) {
                    @Override
                    void at(final Site site) {
                        patchAt(site, mv, this);
                    }
                };
            }
        }, ClassReader.EXPAND_FRAMES);
        return writer.toByteArray();
    }

    /** Whether a method (name and descriptor) of a class has a site of a patch. */
    private static boolean hasSites(final String owner, final String method) {
        for (Site site : Site.values()) {
            if (site.owner.equals(owner) && site.method.equals(method)) {
                return true;
            }
        }
        return false;
    }

    /** Emits the replacement of the instruction at {@code site} (the instruction itself was not passed on). */
    private static void patchAt(final Site site, final MethodVisitor mv, final SiteFinder finder) {
        switch (site) {
            case INIT_NON_PROXY_LOOKUP -> {
                finder.pushes(2); // two more arguments on top of lookup's result
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, OBJECT_STREAM_CLASS, LOOKUP, LOOKUP_DESC, false);
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitVarInsn(Opcodes.ALOAD, 2);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "localDescriptor",
                        "(" + OSC_DESC + OSC_DESC + "Ljava/lang/Class;)" + OSC_DESC, false);
            }
            case CONSTRUCTOR_TEST -> {
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Class", "isAssignableFrom",
                        "(Ljava/lang/Class;)Z", false);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "externalizableView", "(Z)Z", false);
            }
            case WRITE_LOOKUP, WRITE_CLASS_LOOKUP -> {
                mv.visitVarInsn(Opcodes.ALOAD, 0); // the stream: lookupForWrite(cl, all, this)
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "lookupForWrite",
                        "(Ljava/lang/Class;ZL" + OBJECT_OUTPUT_STREAM + ";)" + OSC_DESC, false);
                finder.pushes(2);
            }
            case DESCRIPTOR_PROTOCOL -> {
                // on the stack: out; writeNonProxy(ObjectOutputStream out) is an instance method of the descriptor
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, OBJECT_OUTPUT_STREAM, "getProtocolVersion", "()I", false);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "descriptorProtocol", "(I" + OSC_DESC + ")I", false);
                finder.pushes(2);
            }
            case DATA_PROTOCOL -> {
                // on the stack: this; writeExternalData(Externalizable obj)
                mv.visitFieldInsn(Opcodes.GETFIELD, OBJECT_OUTPUT_STREAM, PROTOCOL, "I");
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "dataProtocol", "(ILjava/lang/Object;)I", false);
                finder.pushes(2);
            }
            case READ_BLOCKED -> {
                // on the stack: desc; readExternalData(Externalizable obj, ObjectStreamClass desc)
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "blockedOrSkipped",
                        "(" + OSC_DESC + "Ljava/lang/Object;L" + OBJECT_INPUT_STREAM + ";)Z", false);
                finder.pushes(2);
            }
            case WRITE_CAST, READ_CAST -> {
                // dropped: the value goes on as the object it is
            }
            case DEFAULT_WRITE_ENTRY, DEFAULT_READ_ENTRY -> {
                // if (ConvertedFormat.defaultWrite(this)) return; (defaultRead for the reader): the generated code
                // for a converted level with methods of its own (CustomLevels), else on to the JDK's code
                String stream = site == Site.DEFAULT_WRITE_ENTRY ? OBJECT_OUTPUT_STREAM : OBJECT_INPUT_STREAM;
                finder.uses(1, 1);
                Label jdk = new Label();
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, site == Site.DEFAULT_WRITE_ENTRY ? "defaultWrite"
                        : "defaultRead", "(L" + stream + ";)Z", false);
                mv.visitJumpInsn(Opcodes.IFEQ, jdk);
                mv.visitInsn(Opcodes.RETURN);
                mv.visitLabel(jdk);
                mv.visitFrame(Opcodes.F_NEW, 1, new Object[] {stream}, 0, new Object[0]);
            }
            case READ_RECORD_ENTRY -> {
                // Object r = ConvertedFormat.readRecord(this, desc); if (r != ConvertedFormat.NOT_CONVERTED) return r;
                // (converted data of a class that is a record here), else on to the JDK's code
                finder.uses(2, 3);
                Label jdk = new Label();
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "readRecord", "(L" + OBJECT_INPUT_STREAM + ";"
                        + OSC_DESC + ")Ljava/lang/Object;", false);
                mv.visitInsn(Opcodes.DUP);
                mv.visitFieldInsn(Opcodes.GETSTATIC, HOOKS, "NOT_CONVERTED", "Ljava/lang/Object;");
                mv.visitJumpInsn(Opcodes.IF_ACMPEQ, jdk);
                mv.visitInsn(Opcodes.ARETURN);
                mv.visitLabel(jdk);
                mv.visitFrame(Opcodes.F_NEW, 2, new Object[] {OBJECT_INPUT_STREAM, OBJECT_STREAM_CLASS}, 1,
                        new Object[] {OBJECT});
                mv.visitInsn(Opcodes.POP);
            }
            case DESCRIPTOR_READ -> {
                // on the stack: the descriptor read; return ConvertedFormat.descriptorRead(desc, this)
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "descriptorRead",
                        "(" + OSC_DESC + "L" + OBJECT_INPUT_STREAM + ";)" + OSC_DESC, false);
                mv.visitInsn(Opcodes.ARETURN);
                finder.pushes(1);
            }
            case DESCRIPTOR_MODEL -> {
                // on the stack: this, for skipCustomData(); first readDesc = ConvertedFormat.modelFor(this, desc,
                // readDesc), the model initNonProxy takes (readDesc's last use: resolveClass had it as returned)
                int[] slots = finder.descriptorSlots();
                if (slots[0] < 0 || slots[1] < 0) {
                    throw new IllegalStateException("readNonProxyDesc stores no new descriptor or no descriptor"
                            + " read before skipCustomData(): call check first");
                }
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(Opcodes.ALOAD, slots[0]);
                mv.visitVarInsn(Opcodes.ALOAD, slots[1]);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "modelFor", "(L" + OBJECT_INPUT_STREAM + ";"
                        + OSC_DESC + OSC_DESC + ")" + OSC_DESC, false);
                mv.visitVarInsn(Opcodes.ASTORE, slots[1]);
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, OBJECT_INPUT_STREAM, SKIP_CUSTOM_DATA, "()V", false);
                finder.pushes(3);
            }
            case WRITE_EXTERNAL_CALL -> writeLoop(mv, finder);
            case READ_EXTERNAL_CALL -> readLoop(mv, finder);
            default -> throw new IllegalStateException("unknown site " + site);
        }
    }

    /**
     * {@code obj.writeExternal(this)} (on the stack: obj, this) becomes
     * <pre>
     * Object step = ConvertedFormat.writeBegin(obj);
     * if (step == ConvertedFormat.NOT_CONVERTED) { // obj instanceof Externalizable
     *     ((Externalizable) obj).writeExternal(this);
     * } else {
     *     for (;;) {
     *         Object ref = ConvertedFormat.writeStep(obj, this, step);
     *         if (ref == ConvertedFormat.END) break;
     *         this.writeObject(ref);
     *         step = ConvertedFormat.nextStep(step);
     *     }
     * }</pre>
     * so each reference of a converted object is written from this frame, as the JDK's {@code defaultWriteFields}
     * writes a plain object's: the nesting of the graph takes no frame of serialboost's, for converted and
     * {@code Externalizable} objects alike. The step (made with the object's view) carries what the loop needs, so
     * the object's view is looked up once.
     */
    private static void writeLoop(final MethodVisitor mv, final SiteFinder finder) {
        List<Object> locals = finder.locals();
        int step = finder.slots();
        finder.uses(step + 1, 3);
        Label end = new Label();
        mv.visitInsn(Opcodes.POP2);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "writeBegin", "(Ljava/lang/Object;)Ljava/lang/Object;",
                false);
        externalizable(mv, WRITE_EXTERNAL, "(Ljava/io/ObjectOutput;)V", end);
        frame(mv, locals, List.of(OBJECT));
        mv.visitVarInsn(Opcodes.ASTORE, step);
        Label loop = new Label();
        Label last = new Label();
        mv.visitLabel(loop);
        frame(mv, locals, List.of(), OBJECT);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, step);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "writeStep",
                "(Ljava/lang/Object;Ljava/io/ObjectOutput;Ljava/lang/Object;)Ljava/lang/Object;", false);
        mv.visitInsn(Opcodes.DUP);
        mv.visitFieldInsn(Opcodes.GETSTATIC, HOOKS, "END", "Ljava/lang/Object;");
        mv.visitJumpInsn(Opcodes.IF_ACMPEQ, last);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitInsn(Opcodes.SWAP);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, OBJECT_OUTPUT_STREAM, WRITE_OBJECT, WRITE_OBJECT_DESC, false);
        mv.visitVarInsn(Opcodes.ALOAD, step);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "nextStep", "(Ljava/lang/Object;)Ljava/lang/Object;", false);
        mv.visitVarInsn(Opcodes.ASTORE, step);
        mv.visitJumpInsn(Opcodes.GOTO, loop);
        mv.visitLabel(last);
        frame(mv, locals, List.of(OBJECT), OBJECT);
        mv.visitInsn(Opcodes.POP);
        mv.visitLabel(end);
        frame(mv, locals, List.of());
        mv.visitInsn(Opcodes.NOP); // the JDK's code may have a frame of its own next
    }

    /**
     * {@code obj.readExternal(this)} in {@code readExternalData(obj, desc)} (on the stack: obj, this) becomes
     * <pre>
     * Object r = ConvertedFormat.readBegin(obj, this, desc);
     * if (r == ConvertedFormat.NOT_CONVERTED) { // obj instanceof Externalizable
     *     ((Externalizable) obj).readExternal(this);
     * } else {
     *     while (r != null) {
     *         Object ref;
     *         try {
     *             ref = this.readObject(Object.class);
     *         } catch (ClassNotFoundException e) {
     *             ref = ConvertedFormat.MISSING;
     *         }
     *         r = ConvertedFormat.readNext(r, ref);
     *     }
     * }</pre>
     * ({@code readObject(Class)} is what the public {@code readObject()} calls), so each reference of a converted
     * object is read from this frame, as the JDK's {@code defaultReadFields} reads a plain object's. A reference
     * whose class is not found leaves the rest of the object's data to read: the data is not framed (see {@code
     * ConvertedFormat.descriptorProtocol}), so the stream stays in step only if it is read; the stream has recorded
     * the exception for the object, and fails its read with it, as for plain data. The handler's entry comes first in
     * the method's exception table ({@link SiteFinder#visitCode}): the JDK's own handler of the call it replaces,
     * which would otherwise catch it first, covers the loop.
     */
    private static void readLoop(final MethodVisitor mv, final SiteFinder finder) {
        List<Object> locals = finder.locals();
        int read = finder.slots();
        finder.uses(read + 1, 3);
        Label end = new Label();
        mv.visitInsn(Opcodes.POP2);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, 2); // readExternalData(Externalizable obj, ObjectStreamClass desc)
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "readBegin",
                "(Ljava/lang/Object;Ljava/io/ObjectInput;" + OSC_DESC + ")Ljava/lang/Object;", false);
        externalizable(mv, READ_EXTERNAL, "(Ljava/io/ObjectInput;)V", end);
        frame(mv, locals, List.of(OBJECT));
        mv.visitVarInsn(Opcodes.ASTORE, read);
        Label loop = new Label();
        mv.visitLabel(loop);
        frame(mv, locals, List.of(), OBJECT);
        mv.visitVarInsn(Opcodes.ALOAD, read);
        mv.visitJumpInsn(Opcodes.IFNULL, end);
        mv.visitVarInsn(Opcodes.ALOAD, read);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitLdcInsn(Type.getObjectType(OBJECT));
        Label[] notFound = finder.notFound();
        mv.visitLabel(notFound[0]);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, OBJECT_INPUT_STREAM, READ_OBJECT, READ_OBJECT_DESC, false);
        mv.visitLabel(notFound[1]);
        Label next = new Label();
        mv.visitLabel(next);
        frame(mv, locals, List.of(OBJECT, OBJECT), OBJECT);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "readNext",
                "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", false);
        mv.visitVarInsn(Opcodes.ASTORE, read);
        mv.visitJumpInsn(Opcodes.GOTO, loop);
        mv.visitLabel(notFound[2]);
        frame(mv, locals, List.of(NOT_FOUND), OBJECT);
        mv.visitInsn(Opcodes.POP);
        mv.visitVarInsn(Opcodes.ALOAD, read);
        mv.visitFieldInsn(Opcodes.GETSTATIC, HOOKS, "MISSING", "Ljava/lang/Object;");
        mv.visitJumpInsn(Opcodes.GOTO, next);
        mv.visitLabel(end);
        frame(mv, locals, List.of());
        mv.visitInsn(Opcodes.NOP); // the JDK's code may have a frame of its own next
    }

    /**
     * With the result of {@code ConvertedFormat.writeBegin}/{@code readBegin} on the stack: if it is {@code
     * NOT_CONVERTED} ({@code obj}, local 1, is {@code Externalizable}), calls {@code obj}'s own {@code method} with
     * {@code this} (the JDK's call, unchanged) and goes to {@code end}; else goes on at the next instruction (which
     * needs a frame: a branch target) with the result on the stack.
     */
    private static void externalizable(final MethodVisitor mv, final String method, final String descriptor,
                                       final Label end) {
        Label converted = new Label();
        mv.visitInsn(Opcodes.DUP);
        mv.visitFieldInsn(Opcodes.GETSTATIC, HOOKS, "NOT_CONVERTED", "Ljava/lang/Object;");
        mv.visitJumpInsn(Opcodes.IF_ACMPNE, converted);
        mv.visitInsn(Opcodes.POP);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitTypeInsn(Opcodes.CHECKCAST, EXTERNALIZABLE);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, EXTERNALIZABLE, method, descriptor, true);
        mv.visitJumpInsn(Opcodes.GOTO, end);
        mv.visitLabel(converted);
    }

    /**
     * An expanded frame with the method's locals at the site, then {@code added}, and the given stack. The loops keep
     * the method's frame as small as the JDK made it: their one local is a slot the JDK's code only uses later (if at
     * all), and their stack is at most three deep, so a nesting level of the graph takes no more stack than in the
     * plain format.
     */
    private static void frame(final MethodVisitor mv, final List<Object> locals, final List<Object> stack,
                              final Object... added) {
        List<Object> all = new ArrayList<>(locals);
        all.addAll(List.of(added));
        mv.visitFrame(Opcodes.F_NEW, all.size(), all.toArray(), stack.size(), stack.toArray());
    }

    /**
     * Finds the sites of one method and hands each to {@link #at}; every other instruction goes on to {@code next}
     * (which may be null: then it only counts). {@code ldc Externalizable} of a test is held back until it is known
     * whether an {@code isAssignableFrom} follows.
     */
    private abstract static class SiteFinder extends MethodVisitor {
        /** A local variable of a type the finder cannot tell. */
        private static final Object UNKNOWN = new Object();

        private final String owner;
        private final String method;
        private boolean pendingExternalizable;
        /**
         * The types of the local variables, slot by slot in expanded-frame terms (a long or double takes its slot and
         * a {@code TOP}): from the last frame, and the stores since (typed by the instruction before each).
         */
        private final List<Object> slots = new ArrayList<>();
        /** The type the last instruction pushed, as a frame names it, or {@link #UNKNOWN}. */
        private Object pushed = UNKNOWN;
        /** The locals the last two instructions loaded, if they were {@code aload}s, else -1. */
        private int loadedBefore = -1;
        private int loaded = -1;
        /** Locals the patch's code uses, from 0, and how deep its stack gets. */
        private int usedLocals;
        private int usedStack;
        /** The most values a site of the patch pushes on top of what the JDK's code has there. */
        private int pushes;
        /**
         * In {@code readNonProxyDesc}: the locals of the new descriptor and of the one {@code readClassDescriptor()}
         * returned (-1 until stored), and which of the two the next {@code astore} stores (-1: neither).
         */
        private final int[] descriptorSlots = {-1, -1};
        private int pendingStore = -1;
        /** The start, end and handler of the read loop's {@code ClassNotFoundException} handler, if it has one. */
        private Label[] notFound;

        SiteFinder(final MethodVisitor next, final String owner, final String method) {
            super(Opcodes.ASM9, next);
            this.owner = owner;
            this.method = method;
        }

        abstract void at(Site site);

        /**
         * In the method with the read loop, when patching, the loop's handler goes first in the exception table, ahead
         * of the JDK's entries (ClassReader visits them after this, before any instruction).
         */
        @Override
        public void visitCode() {
            super.visitCode();
            if (mv != null && site(Site.READ_EXTERNAL_CALL) != null) {
                notFound = new Label[] {new Label(), new Label(), new Label()};
                super.visitTryCatchBlock(notFound[0], notFound[1], notFound[2], NOT_FOUND);
            }
            Site entry = site(Site.DEFAULT_WRITE_ENTRY, Site.DEFAULT_READ_ENTRY, Site.READ_RECORD_ENTRY);
            if (entry != null) {
                at(entry);
            }
        }

        /** The labels of the read loop's handler, whose entry {@link #visitCode} made. */
        final Label[] notFound() {
            return notFound;
        }

        /**
         * The locals at this point as an expanded frame lists them (trailing {@code TOP}s dropped), or null if their
         * types are not all clear or the call was not {@code obj.m(this)} with {@code obj} local 1 (what the loops rely
         * on: they take both from their locals).
         */
        final List<Object> locals() {
            if (loadedBefore != 1 || loaded != 0 || slots.contains(UNKNOWN)) {
                return null;
            }
            List<Object> locals = new ArrayList<>();
            for (int i = 0; i < slots(); i++) {
                Object type = slots.get(i);
                locals.add(type);
                if (type == Opcodes.LONG || type == Opcodes.DOUBLE) {
                    i++;
                }
            }
            return locals;
        }

        /** The first slot after the locals at this point. */
        final int slots() {
            int n = slots.size();
            while (n > 0 && slots.get(n - 1) == Opcodes.TOP) {
                n--;
            }
            // a long or double last takes the TOP after it too
            return n > 0 && (slots.get(n - 1) == Opcodes.LONG || slots.get(n - 1) == Opcodes.DOUBLE) ? n + 1 : n;
        }

        /** Records that the patch's code uses locals up to {@code locals} and a stack {@code stack} deep. */
        final void uses(final int locals, final int stack) {
            usedLocals = Math.max(usedLocals, locals);
            usedStack = Math.max(usedStack, stack);
        }

        /** Records that the patch's code pushes {@code values} values on top of the JDK's stack. */
        final void pushes(final int values) {
            pushes = Math.max(pushes, values);
        }

        /** Whether both locals {@link #descriptorSlots} names are known. */
        final boolean descriptorLocals() {
            return descriptorSlots[0] >= 0 && descriptorSlots[1] >= 0;
        }

        /** The locals of the new descriptor and of the descriptor {@code readClassDescriptor()} returned. */
        final int[] descriptorSlots() {
            return descriptorSlots.clone();
        }

        private Site site(final Site... candidates) {
            for (Site s : candidates) {
                if (s.owner.equals(owner) && s.method.equals(method)) {
                    return s;
                }
            }
            return null;
        }

        private void set(final int slot, final Object type, final boolean wide) {
            while (slots.size() < slot + (wide ? 2 : 1)) {
                slots.add(Opcodes.TOP);
            }
            if (slot > 0 && (slots.get(slot - 1) == Opcodes.LONG || slots.get(slot - 1) == Opcodes.DOUBLE)) {
                slots.set(slot - 1, Opcodes.TOP); // its second half is overwritten
            }
            slots.set(slot, type);
            if (wide) {
                slots.set(slot + 1, Opcodes.TOP);
            }
        }

        /** The frame name of a field's or method result's type. */
        private static Object typeOf(final Type type) {
            return switch (type.getSort()) {
                case Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT, Type.INT -> Opcodes.INTEGER;
                case Type.FLOAT -> Opcodes.FLOAT;
                case Type.LONG -> Opcodes.LONG;
                case Type.DOUBLE -> Opcodes.DOUBLE;
                case Type.OBJECT, Type.ARRAY -> type.getInternalName();
                default -> UNKNOWN;
            };
        }

        private void pushed(final Object type) {
            pendingStore = -1;
            pushed = type;
            loadedBefore = -1;
            loaded = -1;
        }

        @Override
        public void visitFrame(final int type, final int numLocal, final Object[] local, final int numStack,
                               final Object[] stack) {
            slots.clear();
            if (type != Opcodes.F_NEW) {
                slots.add(UNKNOWN); // frames are read expanded; anything else is not understood
            } else {
                for (int i = 0; i < numLocal; i++) {
                    boolean wide = local[i] == Opcodes.LONG || local[i] == Opcodes.DOUBLE;
                    set(slots.size(), local[i], wide);
                }
            }
            pushed(UNKNOWN);
            super.visitFrame(type, numLocal, local, numStack, stack);
        }

        @Override
        public void visitVarInsn(final int opcode, final int varIndex) {
            if (opcode == Opcodes.ASTORE && pendingStore >= 0 && descriptorSlots[pendingStore] < 0) {
                descriptorSlots[pendingStore] = varIndex;
            }
            switch (opcode) {
                case Opcodes.ISTORE -> set(varIndex, Opcodes.INTEGER, false);
                case Opcodes.FSTORE -> set(varIndex, Opcodes.FLOAT, false);
                case Opcodes.LSTORE -> set(varIndex, Opcodes.LONG, true);
                case Opcodes.DSTORE -> set(varIndex, Opcodes.DOUBLE, true);
                case Opcodes.ASTORE -> set(varIndex, pushed, false);
                default -> {
                }
            }
            if (opcode == Opcodes.ALOAD) {
                int before = loaded;
                pushed(varIndex < slots.size() ? slots.get(varIndex) : UNKNOWN);
                loadedBefore = before;
                loaded = varIndex;
            } else {
                pushed(UNKNOWN);
            }
            super.visitVarInsn(opcode, varIndex);
        }

        @Override
        public void visitInsn(final int opcode) {
            pushed(opcode == Opcodes.ACONST_NULL ? Opcodes.NULL : UNKNOWN);
            Site found = opcode == Opcodes.ARETURN ? site(Site.DESCRIPTOR_READ) : null;
            if (found != null) {
                at(found);
            } else {
                super.visitInsn(opcode);
            }
        }

        @Override
        public void visitIntInsn(final int opcode, final int operand) {
            pushed(UNKNOWN);
            super.visitIntInsn(opcode, operand);
        }

        @Override
        public void visitFieldInsn(final int opcode, final String owner, final String name, final String descriptor) {
            boolean get = opcode == Opcodes.GETFIELD || opcode == Opcodes.GETSTATIC;
            Site found = opcode == Opcodes.GETFIELD && owner.equals(OBJECT_OUTPUT_STREAM) && name.equals(PROTOCOL)
                    && descriptor.equals("I") ? site(Site.DATA_PROTOCOL) : null;
            if (found != null) {
                at(found);
            } else {
                super.visitFieldInsn(opcode, owner, name, descriptor);
            }
            pushed(get ? typeOf(Type.getType(descriptor)) : UNKNOWN);
        }

        @Override
        public void visitJumpInsn(final int opcode, final Label label) {
            pushed(UNKNOWN);
            super.visitJumpInsn(opcode, label);
        }

        @Override
        public void visitIincInsn(final int varIndex, final int increment) {
            pushed(UNKNOWN);
            super.visitIincInsn(varIndex, increment);
        }

        @Override
        public void visitTableSwitchInsn(final int min, final int max, final Label dflt, final Label... labels) {
            pushed(UNKNOWN);
            super.visitTableSwitchInsn(min, max, dflt, labels);
        }

        @Override
        public void visitLookupSwitchInsn(final Label dflt, final int[] keys, final Label[] labels) {
            pushed(UNKNOWN);
            super.visitLookupSwitchInsn(dflt, keys, labels);
        }

        @Override
        public void visitMultiANewArrayInsn(final String descriptor, final int numDimensions) {
            pushed(typeOf(Type.getType(descriptor)));
            super.visitMultiANewArrayInsn(descriptor, numDimensions);
        }

        @Override
        public void visitInvokeDynamicInsn(final String name, final String descriptor, final Handle bootstrap,
                                           final Object... bootstrapArguments) {
            pushed(typeOf(Type.getReturnType(descriptor)));
            super.visitInvokeDynamicInsn(name, descriptor, bootstrap, bootstrapArguments);
        }

        @Override
        public void visitLdcInsn(final Object value) {
            pendingExternalizable = value instanceof Type t && t.getInternalName().equals(EXTERNALIZABLE);
            pushed(value instanceof String ? "java/lang/String" : value instanceof Type t
                    && t.getSort() != Type.METHOD ? "java/lang/Class" : UNKNOWN);
            super.visitLdcInsn(value);
        }

        @Override
        public void visitTypeInsn(final int opcode, final String type) {
            Site cast = opcode == Opcodes.CHECKCAST && type.equals(EXTERNALIZABLE)
                    ? site(Site.WRITE_CAST, Site.READ_CAST) : null;
            pendingExternalizable = false;
            // a new object is uninitialized until its constructor ran: not a type a store of it could be given here
            pushed(opcode == Opcodes.CHECKCAST || opcode == Opcodes.ANEWARRAY
                    ? typeOf(opcode == Opcodes.CHECKCAST ? Type.getObjectType(type)
                            : Type.getType("[" + Type.getObjectType(type).getDescriptor()))
                    : opcode == Opcodes.INSTANCEOF ? Opcodes.INTEGER : UNKNOWN);
            if (cast != null) {
                at(cast);
            } else {
                super.visitTypeInsn(opcode, type);
            }
        }

        @Override
        public void visitMethodInsn(final int opcode, final String owner, final String name, final String descriptor,
                                    final boolean isInterface) {
            boolean test = pendingExternalizable && opcode == Opcodes.INVOKEVIRTUAL
                    && owner.equals("java/lang/Class") && name.equals("isAssignableFrom");
            pendingExternalizable = false;
            Site found = null;
            if (test) {
                found = site(Site.CONSTRUCTOR_TEST);
            } else if (opcode == Opcodes.INVOKESTATIC && owner.equals(OBJECT_STREAM_CLASS) && name.equals(LOOKUP)
                    && descriptor.equals(LOOKUP_DESC)) {
                found = site(Site.INIT_NON_PROXY_LOOKUP, Site.WRITE_LOOKUP, Site.WRITE_CLASS_LOOKUP);
            } else if (opcode == Opcodes.INVOKEVIRTUAL && owner.equals(OBJECT_OUTPUT_STREAM)
                    && name.equals("getProtocolVersion") && descriptor.equals("()I")) {
                found = site(Site.DESCRIPTOR_PROTOCOL);
            } else if (opcode == Opcodes.INVOKEVIRTUAL && owner.equals(OBJECT_STREAM_CLASS)
                    && name.equals("hasBlockExternalData") && descriptor.equals("()Z")) {
                found = site(Site.READ_BLOCKED);
            } else if (opcode == Opcodes.INVOKEINTERFACE && owner.equals(EXTERNALIZABLE)) {
                found = name.equals(WRITE_EXTERNAL) ? site(Site.WRITE_EXTERNAL_CALL)
                        : name.equals(READ_EXTERNAL) ? site(Site.READ_EXTERNAL_CALL) : null;
            } else if (opcode == Opcodes.INVOKEVIRTUAL && owner.equals(OBJECT_INPUT_STREAM)
                    && name.equals(SKIP_CUSTOM_DATA) && descriptor.equals("()V")) {
                found = site(Site.DESCRIPTOR_MODEL);
            }
            if (found != null) {
                at(found);
            } else {
                super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            }
            pushed(typeOf(Type.getReturnType(descriptor)));
            if (site(Site.DESCRIPTOR_MODEL) != null) {
                // the stores that follow: the new descriptor, and the one readClassDescriptor() returned (called by
                // the JDK's code, or through the engine layer's stand-in, whatever its parameters)
                if (opcode == Opcodes.INVOKESPECIAL && owner.equals(OBJECT_STREAM_CLASS) && name.equals("<init>")
                        && descriptor.equals("()V")) {
                    pendingStore = 0;
                } else if (name.equals(READ_CLASS_DESCRIPTOR) && descriptor.endsWith(")" + OSC_DESC)
                        && (opcode == Opcodes.INVOKEVIRTUAL && owner.equals(OBJECT_INPUT_STREAM)
                        && descriptor.equals("()" + OSC_DESC) || opcode == Opcodes.INVOKESTATIC
                        && owner.equals(ENGINE))) {
                    pendingStore = 1;
                }
            }
        }

        @Override
        public void visitMaxs(final int maxStack, final int maxLocals) {
            super.visitMaxs(Math.max(maxStack + pushes, usedStack), Math.max(maxLocals, usedLocals));
        }
    }
}
