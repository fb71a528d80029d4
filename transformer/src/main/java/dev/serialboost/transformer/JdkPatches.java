package dev.serialboost.transformer;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.ArrayList;
import java.util.List;

/**
 * The two method-body patches to {@code java.base} that let a JVM with the agent read streams written
 * without it (see {@code dev.serialboost.runtime.LegacyReading}), and the check that the running JDK's
 * classes have the shape the patches expect. Both are pure: class bytes in, a verdict or class bytes out.
 * The patches add no member, so they are legal for retransformation.
 */
public final class JdkPatches {

    public static final String OBJECT_STREAM_CLASS = "java/io/ObjectStreamClass";
    public static final String FIELD_VALUES = "java/io/ObjectInputStream$FieldValues";

    private static final String OSC_DESC = "L" + OBJECT_STREAM_CLASS + ";";
    private static final String INIT_NON_PROXY = "initNonProxy";
    private static final String INIT_NON_PROXY_DESC = "(" + OSC_DESC + "Ljava/lang/Class;"
            + "Ljava/lang/ClassNotFoundException;" + OSC_DESC + ")V";
    private static final String CHECK = "defaultCheckFieldValues";
    private static final String SET = "defaultSetFieldValues";
    private static final String VALUES_DESC = "(Ljava/lang/Object;)V";
    private static final String HOOKS = "dev/serialboost/runtime/LegacyReading";
    private static final String HOOK_VALUES_DESC = "(" + OSC_DESC + "Ljava/lang/Object;[B[Ljava/lang/Object;)Z";

    private JdkPatches() {
    }

    /**
     * Checks both classes against what the patches rely on: {@code initNonProxy} with its known descriptor
     * reading the {@code externalizable} flag at least twice, and {@code FieldValues} with its
     * {@code desc}, {@code primValues}, {@code objValues} fields and the two methods the patches prefix.
     *
     * @return an empty list when both fit, else what does not
     */
    public static List<String> check(final byte[] objectStreamClass, final byte[] fieldValues) {
        List<String> problems = new ArrayList<>();
        Shape osc = Shape.of(objectStreamClass);
        if (!osc.fields.contains("externalizable:Z") || !osc.fields.contains("serializable:Z")) {
            problems.add(OBJECT_STREAM_CLASS + " lacks the boolean fields externalizable and serializable");
        }
        if (!osc.methods.contains(INIT_NON_PROXY + INIT_NON_PROXY_DESC)) {
            problems.add(OBJECT_STREAM_CLASS + "." + INIT_NON_PROXY + INIT_NON_PROXY_DESC + " not found");
        } else if (osc.externalizableReads < 2) {
            problems.add(OBJECT_STREAM_CLASS + "." + INIT_NON_PROXY + " reads the externalizable flag "
                    + osc.externalizableReads + " times, not twice or more");
        }
        Shape values = Shape.of(fieldValues);
        for (String field : List.of("desc:" + OSC_DESC, "primValues:[B", "objValues:[Ljava/lang/Object;")) {
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
     *       becomes {@code LegacyReading.externalizable(desc, model, cl)};</li>
     *   <li>{@code FieldValues.defaultCheckFieldValues(obj)} / {@code defaultSetFieldValues(obj)} start with
     *       {@code if (LegacyReading.checkFields/setFields(desc, obj, primValues, objValues)) return;}.</li>
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
                if (internalName.equals(FIELD_VALUES) && descriptor.equals(VALUES_DESC)
                        && (name.equals(CHECK) || name.equals(SET))) {
                    return new FieldValuesHook(mv, name.equals(CHECK) ? "checkFields" : "setFields");
                }
                return mv;
            }
        }, ClassReader.EXPAND_FRAMES);
        return writer.toByteArray();
    }

    /** Replaces {@code getfield ObjectStreamClass.externalizable} with the hook that also sees model and cl. */
    private static final class ExternalizableFlagHook extends MethodVisitor {
        ExternalizableFlagHook(final MethodVisitor next) {
            super(Opcodes.ASM9, next);
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
            super.visitVarInsn(Opcodes.ALOAD, 0);
            super.visitFieldInsn(Opcodes.GETFIELD, FIELD_VALUES, "desc", OSC_DESC);
            super.visitVarInsn(Opcodes.ALOAD, 1);
            super.visitVarInsn(Opcodes.ALOAD, 0);
            super.visitFieldInsn(Opcodes.GETFIELD, FIELD_VALUES, "primValues", "[B");
            super.visitVarInsn(Opcodes.ALOAD, 0);
            super.visitFieldInsn(Opcodes.GETFIELD, FIELD_VALUES, "objValues", "[Ljava/lang/Object;");
            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, hook, HOOK_VALUES_DESC, false);
            super.visitJumpInsn(Opcodes.IFEQ, original);
            super.visitInsn(Opcodes.RETURN);
            super.visitLabel(original);
            super.visitFrame(Opcodes.F_NEW, 2, new Object[] {FIELD_VALUES, "java/lang/Object"}, 0, new Object[0]);
        }

        @Override
        public void visitMaxs(final int maxStack, final int maxLocals) {
            super.visitMaxs(Math.max(maxStack, 4), maxLocals);
        }
    }

    /** Fields ({@code name:desc}), methods ({@code name+desc}) and initNonProxy's flag reads of one class. */
    private static final class Shape extends ClassVisitor {
        final List<String> fields = new ArrayList<>();
        final List<String> methods = new ArrayList<>();
        int externalizableReads;

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
            if ((access & Opcodes.ACC_STATIC) != 0) {
                return null;
            }
            methods.add(name + descriptor);
            if (!name.equals(INIT_NON_PROXY) || !descriptor.equals(INIT_NON_PROXY_DESC)) {
                return null;
            }
            return new MethodVisitor(Opcodes.ASM9) {
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
