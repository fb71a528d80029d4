package dev.serialboost.transformer;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The method-body patches to {@code java.base} (two classes, four methods) that let a JVM with the agent read
 * streams written without it (see {@code dev.serialboost.runtime.LegacyReading}), and the check that the
 * running JDK's classes have the shape the patches expect. Both are pure: class bytes in, a verdict or class bytes out.
 * The patches add no member, so they are legal for retransformation.
 */
public final class JdkPatches {

    public static final String OBJECT_STREAM_CLASS = "java/io/ObjectStreamClass";
    public static final String FIELD_VALUES = "java/io/ObjectInputStream$FieldValues";

    private static final String OSC_DESC = "L" + OBJECT_STREAM_CLASS + ";";
    private static final String INIT_NON_PROXY = "initNonProxy";
    private static final String INIT_NON_PROXY_DESC = "(" + OSC_DESC + "Ljava/lang/Class;"
            + "Ljava/lang/ClassNotFoundException;" + OSC_DESC + ")V";
    private static final String LOOKUP = "lookup";
    private static final String LOOKUP_DESC = "(Ljava/lang/Class;Z)" + OSC_DESC;
    /** The two methods that test {@code Externalizable.class.isAssignableFrom(cl)}: constructor and field list. */
    private static final List<String> EXTERNALIZABLE_TESTERS = List.of("<init>(Ljava/lang/Class;)V",
            "getSerialFields(Ljava/lang/Class;)[Ljava/io/ObjectStreamField;");
    private static final String EXTERNALIZABLE = "java/io/Externalizable";
    private static final String CHECK = "defaultCheckFieldValues";
    private static final String SET = "defaultSetFieldValues";
    private static final String VALUES_DESC = "(Ljava/lang/Object;)V";
    private static final String HOOKS = "dev/serialboost/runtime/LegacyReading";
    private static final String HOOK_VALUES_DESC = "(" + OSC_DESC + "Ljava/lang/Object;[B[Ljava/lang/Object;"
            + "Ljava/lang/Object;)Z";

    private JdkPatches() {
    }

    /**
     * Checks both classes against what the patches rely on: {@code initNonProxy} with its known descriptor
     * reading the {@code externalizable} flag at least twice and calling {@code lookup(cl, true)} once, the
     * {@code ObjectStreamClass(Class)} constructor and {@code getSerialFields(Class)} testing
     * {@code Externalizable.class.isAssignableFrom} once each, and {@code FieldValues} with its
     * {@code desc}, {@code primValues}, {@code objValues}, {@code objHandles} fields, its enclosing stream and
     * the two methods the patches prefix.
     *
     * @return an empty list when both fit, else what does not
     */
    public static List<String> check(final byte[] objectStreamClass, final byte[] fieldValues) {
        List<String> problems = new ArrayList<>();
        Shape osc = Shape.of(objectStreamClass);
        if (!osc.fields.contains("externalizable:Z") || !osc.fields.contains("serializable:Z")
                || !osc.fields.contains("localDesc:" + OSC_DESC)) {
            problems.add(OBJECT_STREAM_CLASS + " lacks the fields externalizable, serializable or localDesc");
        }
        if (!osc.methods.contains(INIT_NON_PROXY + INIT_NON_PROXY_DESC)) {
            problems.add(OBJECT_STREAM_CLASS + "." + INIT_NON_PROXY + INIT_NON_PROXY_DESC + " not found");
        } else if (osc.externalizableReads < 2) {
            problems.add(OBJECT_STREAM_CLASS + "." + INIT_NON_PROXY + " reads the externalizable flag "
                    + osc.externalizableReads + " times, not twice or more");
        } else if (osc.lookupCalls != 1) {
            problems.add(OBJECT_STREAM_CLASS + "." + INIT_NON_PROXY + " calls " + LOOKUP + LOOKUP_DESC + " "
                    + osc.lookupCalls + " times, not once");
        }
        for (String method : EXTERNALIZABLE_TESTERS) {
            int tests = osc.externalizableTests.getOrDefault(method, 0);
            if (tests != 1) {
                problems.add(OBJECT_STREAM_CLASS + "." + method + " tests Externalizable.class.isAssignableFrom "
                        + tests + " times, not once");
            }
        }
        Shape values = Shape.of(fieldValues);
        for (String field : List.of("desc:" + OSC_DESC, "primValues:[B", "objValues:[Ljava/lang/Object;",
                "objHandles:[I", "this$0:Ljava/io/ObjectInputStream;")) {
            if (!values.fields.contains(field)) {
                problems.add(FIELD_VALUES + " has no field " + field);
            }
        }
        for (String method : List.of(CHECK, SET)) {
            if (!values.methods.contains(method + VALUES_DESC)) {
                problems.add(FIELD_VALUES + "." + method + VALUES_DESC + " not found");
            }
        }
        return problems;
    }

    /**
     * Patches one of the two classes; returns other classes' bytes unchanged. Call {@link #check} first.
     *
     * <ul>
     *   <li>{@code ObjectStreamClass.initNonProxy(model, cl, ...)}: every {@code getfield externalizable}
     *       becomes {@code LegacyReading.externalizable(desc, model, cl)}, and the local descriptor
     *       {@code lookup(cl, true)} passes through {@code LegacyReading.localDescriptor(osc, model, cl)};</li>
     *   <li>the {@code ObjectStreamClass(Class)} constructor and {@code getSerialFields(Class)}:
     *       {@code Externalizable.class.isAssignableFrom(cl)} passes through
     *       {@code LegacyReading.externalizableView(boolean)};</li>
     *   <li>{@code FieldValues.defaultCheckFieldValues(obj)} / {@code defaultSetFieldValues(obj)} start with
     *       {@code if (LegacyReading.convertedSlot(desc)
     *       && LegacyReading.checkFields/setFields(desc, obj, primValues, objValues, this)) return;}.</li>
     * </ul>
     */
    public static byte[] patch(final String internalName, final byte[] classFile) {
        if (!internalName.equals(OBJECT_STREAM_CLASS) && !internalName.equals(FIELD_VALUES)) {
            return classFile;
        }
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(final int access, final String name, final String descriptor,
                                             final String signature, final String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                if (internalName.equals(OBJECT_STREAM_CLASS) && name.equals(INIT_NON_PROXY)
                        && descriptor.equals(INIT_NON_PROXY_DESC)) {
                    return new ExternalizableFlagHook(mv);
                }
                if (internalName.equals(OBJECT_STREAM_CLASS) && EXTERNALIZABLE_TESTERS.contains(name + descriptor)) {
                    return new ExternalizableTestHook(mv);
                }
                if (internalName.equals(FIELD_VALUES) && descriptor.equals(VALUES_DESC)
                        && (name.equals(CHECK) || name.equals(SET))) {
                    return new FieldValuesHook(mv, name.equals(CHECK) ? "checkFields" : "setFields");
                }
                return mv;
            }
        }, ClassReader.EXPAND_FRAMES);
        return writer.toByteArray();
    }

    /**
     * Replaces {@code getfield ObjectStreamClass.externalizable} with the hook that also sees model and cl, and
     * passes the result of {@code lookup(cl, true)} through {@code LegacyReading.localDescriptor}.
     */
    private static final class ExternalizableFlagHook extends MethodVisitor {
        ExternalizableFlagHook(final MethodVisitor next) {
            super(Opcodes.ASM9, next);
        }

        @Override
        public void visitMethodInsn(final int opcode, final String owner, final String name, final String descriptor,
                                    final boolean isInterface) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            if (isLookup(opcode, owner, name, descriptor)) {
                super.visitVarInsn(Opcodes.ALOAD, 1);
                super.visitVarInsn(Opcodes.ALOAD, 2);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "localDescriptor",
                        "(" + OSC_DESC + OSC_DESC + "Ljava/lang/Class;)" + OSC_DESC, false);
            }
        }

        @Override
        public void visitFieldInsn(final int opcode, final String owner, final String name, final String descriptor) {
            if (opcode == Opcodes.GETFIELD && owner.equals(OBJECT_STREAM_CLASS) && name.equals("externalizable")) {
                super.visitVarInsn(Opcodes.ALOAD, 1);
                super.visitVarInsn(Opcodes.ALOAD, 2);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "externalizable",
                        "(" + OSC_DESC + OSC_DESC + "Ljava/lang/Class;)Z", false);
            } else {
                super.visitFieldInsn(opcode, owner, name, descriptor);
            }
        }

        @Override
        public void visitMaxs(final int maxStack, final int maxLocals) {
            super.visitMaxs(maxStack + 2, maxLocals);
        }
    }

    /** Passes {@code Externalizable.class.isAssignableFrom(..)} through {@code LegacyReading.externalizableView}. */
    private static final class ExternalizableTestHook extends MethodVisitor {
        private final ExternalizableTest test = new ExternalizableTest();

        ExternalizableTestHook(final MethodVisitor next) {
            super(Opcodes.ASM9, next);
        }

        @Override
        public void visitLdcInsn(final Object value) {
            test.ldc(value);
            super.visitLdcInsn(value);
        }

        @Override
        public void visitMethodInsn(final int opcode, final String owner, final String name, final String descriptor,
                                    final boolean isInterface) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            if (test.completedBy(opcode, owner, name)) {
                super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "externalizableView", "(Z)Z", false);
            }
        }
    }

    /** Spots {@code ldc Externalizable; ...; invokevirtual Class.isAssignableFrom} in a method's instructions. */
    private static final class ExternalizableTest {
        private boolean pending;

        void ldc(final Object value) {
            pending = value instanceof Type t && t.getInternalName().equals(EXTERNALIZABLE);
        }

        boolean completedBy(final int opcode, final String owner, final String name) {
            boolean completed = pending && opcode == Opcodes.INVOKEVIRTUAL && owner.equals("java/lang/Class")
                    && name.equals("isAssignableFrom");
            pending = false;
            return completed;
        }
    }

    private static boolean isLookup(final int opcode, final String owner, final String name, final String descriptor) {
        return opcode == Opcodes.INVOKESTATIC && owner.equals(OBJECT_STREAM_CLASS) && name.equals(LOOKUP)
                && descriptor.equals(LOOKUP_DESC);
    }

    /** Prefixes a FieldValues method with a call to the hook, returning when the hook handled the slot. */
    private static final class FieldValuesHook extends MethodVisitor {
        private final String hook;

        FieldValuesHook(final MethodVisitor next, final String hook) {
            super(Opcodes.ASM9, next);
            this.hook = hook;
        }

        @Override
        public void visitCode() {
            super.visitCode();
            Label original = new Label();
            // the guard reads two fields and makes no interface check: plain classes (the JDK's own Date,
            // ArrayList, ... on every read) go by at almost no cost; an obj instanceof Externalizable guard cost
            // 10% of a read of the Employee workload, a miss scanning each class's list of interfaces
            super.visitVarInsn(Opcodes.ALOAD, 0);
            super.visitFieldInsn(Opcodes.GETFIELD, FIELD_VALUES, "desc", OSC_DESC);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "convertedSlot", "(" + OSC_DESC + ")Z", false);
            super.visitJumpInsn(Opcodes.IFEQ, original);
            super.visitVarInsn(Opcodes.ALOAD, 0);
            super.visitFieldInsn(Opcodes.GETFIELD, FIELD_VALUES, "desc", OSC_DESC);
            super.visitVarInsn(Opcodes.ALOAD, 1);
            super.visitVarInsn(Opcodes.ALOAD, 0);
            super.visitFieldInsn(Opcodes.GETFIELD, FIELD_VALUES, "primValues", "[B");
            super.visitVarInsn(Opcodes.ALOAD, 0);
            super.visitFieldInsn(Opcodes.GETFIELD, FIELD_VALUES, "objValues", "[Ljava/lang/Object;");
            super.visitVarInsn(Opcodes.ALOAD, 0);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, hook, HOOK_VALUES_DESC, false);
            super.visitJumpInsn(Opcodes.IFEQ, original);
            super.visitInsn(Opcodes.RETURN);
            super.visitLabel(original);
            super.visitFrame(Opcodes.F_NEW, 2, new Object[] {FIELD_VALUES, "java/lang/Object"}, 0, new Object[0]);
        }

        @Override
        public void visitMaxs(final int maxStack, final int maxLocals) {
            super.visitMaxs(Math.max(maxStack, 5), maxLocals);
        }
    }

    /** Fields ({@code name:desc}), methods ({@code name+desc}) and initNonProxy's flag reads of one class. */
    private static final class Shape extends ClassVisitor {
        final List<String> fields = new ArrayList<>();
        final List<String> methods = new ArrayList<>();
        int externalizableReads;
        int lookupCalls;
        /** Per method of {@link #EXTERNALIZABLE_TESTERS}: how often it tests Externalizable.isAssignableFrom. */
        final Map<String, Integer> externalizableTests = new HashMap<>();

        private Shape() {
            super(Opcodes.ASM9);
        }

        static Shape of(final byte[] classFile) {
            Shape shape = new Shape();
            new ClassReader(classFile).accept(shape, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            return shape;
        }

        @Override
        public FieldVisitor visitField(final int access, final String name, final String descriptor,
                                       final String signature, final Object value) {
            if ((access & Opcodes.ACC_STATIC) == 0) {
                fields.add(name + ":" + descriptor);
            }
            return null;
        }

        @Override
        public MethodVisitor visitMethod(final int access, final String name, final String descriptor,
                                         final String signature, final String[] exceptions) {
            if (EXTERNALIZABLE_TESTERS.contains(name + descriptor)) {
                ExternalizableTest test = new ExternalizableTest();
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitLdcInsn(final Object value) {
                        test.ldc(value);
                    }

                    @Override
                    public void visitMethodInsn(final int opcode, final String owner, final String method,
                                                final String methodDescriptor, final boolean isInterface) {
                        if (test.completedBy(opcode, owner, method)) {
                            externalizableTests.merge(name + descriptor, 1, Integer::sum);
                        }
                    }
                };
            }
            if ((access & Opcodes.ACC_STATIC) != 0) {
                return null;
            }
            methods.add(name + descriptor);
            if (!name.equals(INIT_NON_PROXY) || !descriptor.equals(INIT_NON_PROXY_DESC)) {
                return null;
            }
            return new MethodVisitor(Opcodes.ASM9) {
                @Override
                public void visitMethodInsn(final int opcode, final String owner, final String method,
                                            final String methodDescriptor, final boolean isInterface) {
                    if (isLookup(opcode, owner, method, methodDescriptor)) {
                        lookupCalls++;
                    }
                }

                @Override
                public void visitFieldInsn(final int opcode, final String owner, final String field,
                                           final String fieldDescriptor) {
                    if (opcode == Opcodes.GETFIELD && owner.equals(OBJECT_STREAM_CLASS)
                            && field.equals("externalizable")) {
                        externalizableReads++;
                    }
                }
            };
        }
    }
}
