package dev.serialboost.testing.shapes;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds the class files of a {@link ShapeModel} with ASM. All code is straight-line, so
 * {@link ClassWriter#COMPUTE_MAXS} suffices and no stack-map frames are needed in any class-file version.
 */
public final class ClassBuilder {

    private ClassBuilder() {
    }

    /** The class files by binary name ({@code gen.C0} ..., leaf first, then {@code gen.Marker} if used). */
    public static Map<String, byte[]> build(final ShapeModel model) {
        Map<String, byte[]> classes = new LinkedHashMap<>();
        for (ClassShape c : model.levels()) {
            classes.put(c.name(), build(c));
        }
        if (model.usesMarker()) {
            ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
            cw.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC | Opcodes.ACC_INTERFACE | Opcodes.ACC_ABSTRACT,
                    ShapeModel.MARKER, null, "java/lang/Object", new String[] {"java/io/Serializable"});
            cw.visitEnd();
            classes.put(ShapeModel.MARKER.replace('/', '.'), cw.toByteArray());
        }
        return classes;
    }

    static byte[] build(final ClassShape c) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        int access = Opcodes.ACC_SUPER | (c.isPublic() ? Opcodes.ACC_PUBLIC : 0) | (c.isFinal() ? Opcodes.ACC_FINAL : 0);
        String[] interfaces = c.serializableInterface() == null ? null : new String[] {c.serializableInterface()};
        cw.visit(c.version(), access, c.internalName(), null, c.superInternalName(), interfaces);

        Uid uid = c.uid();
        if (uid != null) {
            field(cw, uid.access().flag() | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL, "serialVersionUID", "J",
                    uid.viaClinit() ? null : uid.value());
        }
        if (c.hasCounter()) {
            field(cw, Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "counter", "I", null);
        }
        for (StaticShape s : c.statics()) {
            field(cw, s.flags(), s.name(), s.kind().descriptor, s.isFinal() ? s.value() : null);
        }
        for (FieldShape f : c.fields()) {
            field(cw, f.flags(), f.name(), f.type().descriptor(c.internalName()), null);
        }

        if (c.hasNoArgCtor()) {
            MethodVisitor mv = cw.visitMethod(c.noArgAccess().flag(), "<init>", "()V", null, null);
            mv.visitCode();
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitMethodInsn(Opcodes.INVOKESPECIAL, c.superInternalName(), "<init>", "()V", false);
            if (c.hasCounter()) {
                mv.visitFieldInsn(Opcodes.GETSTATIC, c.internalName(), "counter", "I");
                mv.visitInsn(Opcodes.ICONST_1);
                mv.visitInsn(Opcodes.IADD);
                mv.visitFieldInsn(Opcodes.PUTSTATIC, c.internalName(), "counter", "I");
                assignments(mv, c);
            } else {
                for (FieldShape f : c.fields()) {
                    if (f.storeInNoArg()) {
                        mv.visitVarInsn(Opcodes.ALOAD, 0);
                        if (f.noArgStoresConstant()) {
                            Constants.push(mv, f);
                        } else {
                            Constants.pushDefault(mv, f);
                        }
                        mv.visitFieldInsn(Opcodes.PUTFIELD, c.internalName(), f.name(),
                                f.type().descriptor(c.internalName()));
                    }
                }
            }
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        if (c.hasIntCtor()) {
            MethodVisitor mv = cw.visitMethod(c.intCtorAccess().flag(), "<init>", "(I)V", null, null);
            mv.visitCode();
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            if (c.superHasNoArgCtor()) {
                mv.visitMethodInsn(Opcodes.INVOKESPECIAL, c.superInternalName(), "<init>", "()V", false);
            } else {
                mv.visitVarInsn(Opcodes.ILOAD, 1);
                mv.visitMethodInsn(Opcodes.INVOKESPECIAL, c.superInternalName(), "<init>", "(I)V", false);
            }
            assignments(mv, c);
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        if (c.hasClinit()) {
            MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
            mv.visitCode();
            if (uid != null && uid.viaClinit()) {
                mv.visitLdcInsn(uid.value());
                mv.visitFieldInsn(Opcodes.PUTSTATIC, c.internalName(), "serialVersionUID", "J");
            }
            for (StaticShape s : c.statics()) {
                if (s.needsClinit()) {
                    mv.visitLdcInsn(s.value());
                    mv.visitFieldInsn(Opcodes.PUTSTATIC, c.internalName(), s.name(), s.kind().descriptor);
                }
            }
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        for (MethodShape m : c.methods()) {
            MethodVisitor mv = cw.visitMethod(m.flags(), m.name(), m.signature().descriptor, null, null);
            mv.visitCode();
            switch (m.signature()) {
                case VOID -> mv.visitInsn(Opcodes.RETURN);
                case LONG_OF_INT -> {
                    mv.visitInsn(Opcodes.LCONST_1);
                    mv.visitInsn(Opcodes.LRETURN);
                }
                case OBJECT_OF_STRING -> {
                    mv.visitVarInsn(Opcodes.ALOAD, m.isStatic() ? 0 : 1);
                    mv.visitInsn(Opcodes.ARETURN);
                }
            }
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void field(final ClassWriter cw, final int access, final String name, final String descriptor,
                              final Object constant) {
        FieldVisitor fv = cw.visitField(access, name, descriptor, null, constant);
        fv.visitEnd();
    }

    private static void assignments(final MethodVisitor mv, final ClassShape c) {
        for (FieldShape f : c.fields()) {
            if (f.assignInCtor()) {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                Constants.push(mv, f);
                mv.visitFieldInsn(Opcodes.PUTFIELD, c.internalName(), f.name(), f.type().descriptor(c.internalName()));
            }
        }
    }
}
