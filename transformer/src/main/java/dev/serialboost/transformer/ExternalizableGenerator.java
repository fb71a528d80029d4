package dev.serialboost.transformer;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.Arrays;
import java.util.List;

/**
 * Rewrites an eligible class into an {@code Externalizable} one. Adds, all {@code synthetic}:
 * <ul>
 *   <li>{@code java.io.Externalizable} to the interfaces, and {@code serialVersionUID} pinned to the
 *       original value when the class did not declare one;</li>
 *   <li>a public no-arg constructor that only calls the superclass's, when the class has none (an
 *       existing equivalent one is made public instead);</li>
 *   <li>{@code writeExternal} / {@code readExternal}, which refuse unconverted subclasses and delegate to</li>
 *   <li>{@code $sb$write} / {@code $sb$read}, which first call the converted superclass's pair, then
 *       write or check this level's shape hash and its fields in stream order.</li>
 * </ul>
 * Stack-map frames are written explicitly, so no class is loaded to compute them.
 */
final class ExternalizableGenerator {

    static final String WRITE = "$sb$write";
    static final String READ = "$sb$read";
    /** Fields per generated method: keeps each method small enough for the JIT to compile and inline. */
    static final int FIELDS_PER_METHOD = 32;

    private static final String OUTPUT = "java/io/ObjectOutput";
    private static final String INPUT = "java/io/ObjectInput";
    private static final String WRITE_DESC = "(L" + OUTPUT + ";)V";
    private static final String READ_DESC = "(L" + INPUT + ";)V";
    private static final String RUNTIME = "dev/serialboost/runtime/SerialboostRuntime";
    private static final String FINAL_FIELD = "dev/serialboost/runtime/FinalField";
    private static final Handle FINAL_FIELD_BOOTSTRAP = new Handle(Opcodes.H_INVOKESTATIC, FINAL_FIELD, "bootstrap",
            "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;Ljava/lang/String;)L"
                    + FINAL_FIELD + ";", false);
    private static final int GENERATED = Opcodes.ACC_SYNTHETIC;

    private ExternalizableGenerator() {
    }

    static byte[] generate(final byte[] original, final ClassInfo info, final Decision decision) {
        ClassReader reader = new ClassReader(original);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new Rewriter(writer, info, decision), 0);
        return writer.toByteArray();
    }

    private static final class Rewriter extends ClassVisitor {
        private final ClassInfo info;
        private final Decision decision;
        private final String superToCall;
        private final boolean viaRuntime;
        private final boolean frames;

        Rewriter(final ClassVisitor next, final ClassInfo info, final Decision decision) {
            super(Opcodes.ASM9, next);
            this.info = info;
            this.decision = decision;
            this.superToCall = decision.convertedSuperclass() == null ? null : info.superName;
            boolean hasFinal = decision.fields().stream().anyMatch(FieldSpec::isFinal);
            this.viaRuntime = hasFinal && info.majorVersion >= EligibilityCheck.FINAL_STORE_CHECKED_VERSION;
            this.frames = info.majorVersion >= Opcodes.V1_6;
        }

        @Override
        public void visit(final int version, final int access, final String name, final String signature,
                          final String superName, final String[] interfaces) {
            int major = version & 0xFFFF;
            int newVersion = viaRuntime && major < EligibilityCheck.CONDY_VERSION ? EligibilityCheck.CONDY_VERSION : version;
            String[] withExternalizable = Arrays.copyOf(interfaces, interfaces.length + 1);
            withExternalizable[interfaces.length] = "java/io/Externalizable";
            super.visit(newVersion, access, name, signature, superName, withExternalizable);
        }

        @Override
        public MethodVisitor visitMethod(final int access, final String name, final String descriptor,
                                         final String signature, final String[] exceptions) {
            int newAccess = access;
            if (name.equals("<init>") && descriptor.equals("()V")) {
                newAccess = (access & ~(Opcodes.ACC_PRIVATE | Opcodes.ACC_PROTECTED)) | Opcodes.ACC_PUBLIC;
            }
            return super.visitMethod(newAccess, name, descriptor, signature, exceptions);
        }

        @Override
        public void visitEnd() {
            if (info.field("serialVersionUID") == null) {
                FieldVisitor fv = super.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL
                        | GENERATED, "serialVersionUID", "J", null, decision.serialVersionUID());
                fv.visitEnd();
            }
            if (info.noArgConstructor == ClassInfo.NoArgConstructor.ABSENT) {
                addConstructor();
            }
            addEntryPoint("writeExternal", WRITE_DESC, WRITE, new String[] {"java/io/IOException"});
            addEntryPoint("readExternal", READ_DESC, READ,
                    new String[] {"java/io/IOException", "java/lang/ClassNotFoundException"});
            addLevel(true);
            addLevel(false);
            super.visitEnd();
        }

        private void addConstructor() {
            MethodVisitor mv = super.visitMethod(Opcodes.ACC_PUBLIC | GENERATED, "<init>", "()V", null, null);
            mv.visitCode();
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitMethodInsn(Opcodes.INVOKESPECIAL, info.superName, "<init>", "()V", false);
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(1, 1);
            mv.visitEnd();
        }

        /** {@code writeExternal}/{@code readExternal}: refuse unconverted subclasses, then run this level. */
        private void addEntryPoint(final String name, final String desc, final String level, final String[] exceptions) {
            MethodVisitor mv = super.visitMethod(Opcodes.ACC_PUBLIC | GENERATED, name, desc, null, exceptions);
            mv.visitCode();
            Label ok = new Label();
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "getClass", "()Ljava/lang/Class;", false);
            mv.visitLdcInsn(Type.getObjectType(info.name));
            mv.visitJumpInsn(Opcodes.IF_ACMPEQ, ok);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitLdcInsn(info.className());
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, RUNTIME, "unconvertedSubclass",
                    "(Ljava/lang/Object;Ljava/lang/String;)Ljava/io/InvalidClassException;", false);
            mv.visitInsn(Opcodes.ATHROW);
            mv.visitLabel(ok);
            frame(mv, desc.equals(WRITE_DESC) ? OUTPUT : INPUT);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitMethodInsn(Opcodes.INVOKESPECIAL, info.name, level, desc, false);
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(2, 2);
            mv.visitEnd();
        }

        /** {@code $sb$write} or {@code $sb$read}, with chunk methods when the class is wide. */
        private void addLevel(final boolean write) {
            String name = write ? WRITE : READ;
            String desc = write ? WRITE_DESC : READ_DESC;
            List<FieldSpec> fields = decision.fields();
            MethodVisitor mv = super.visitMethod(Opcodes.ACC_PROTECTED | GENERATED, name, desc, null,
                    write ? new String[] {"java/io/IOException"}
                          : new String[] {"java/io/IOException", "java/lang/ClassNotFoundException"});
            mv.visitCode();
            if (superToCall != null) {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitMethodInsn(Opcodes.INVOKESPECIAL, superToCall, name, desc, false);
            }
            if (write) {
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitLdcInsn(decision.shapeHash());
                mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, OUTPUT, "writeInt", "(I)V", true);
            } else {
                checkShape(mv);
            }
            if (fields.size() <= FIELDS_PER_METHOD) {
                fieldCode(mv, fields, write);
            } else {
                for (int chunk = 0; chunk * FIELDS_PER_METHOD < fields.size(); chunk++) {
                    String chunkName = name + "$" + chunk;
                    mv.visitVarInsn(Opcodes.ALOAD, 0);
                    mv.visitVarInsn(Opcodes.ALOAD, 1);
                    mv.visitMethodInsn(Opcodes.INVOKESPECIAL, info.name, chunkName, desc, false);
                    List<FieldSpec> part = fields.subList(chunk * FIELDS_PER_METHOD,
                            Math.min(fields.size(), (chunk + 1) * FIELDS_PER_METHOD));
                    MethodVisitor cv = super.visitMethod(Opcodes.ACC_PRIVATE | GENERATED, chunkName, desc, null,
                            write ? new String[] {"java/io/IOException"}
                                  : new String[] {"java/io/IOException", "java/lang/ClassNotFoundException"});
                    cv.visitCode();
                    fieldCode(cv, part, write);
                    cv.visitInsn(Opcodes.RETURN);
                    cv.visitMaxs(4, 2);
                    cv.visitEnd();
                }
            }
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(4, write ? 2 : 3);
            mv.visitEnd();
        }

        /** Reads this level's shape hash and throws InvalidClassException when it is not ours. */
        private void checkShape(final MethodVisitor mv) {
            Label ok = new Label();
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, INPUT, "readInt", "()I", true);
            mv.visitVarInsn(Opcodes.ISTORE, 2);
            mv.visitVarInsn(Opcodes.ILOAD, 2);
            mv.visitLdcInsn(decision.shapeHash());
            mv.visitJumpInsn(Opcodes.IF_ICMPEQ, ok);
            mv.visitLdcInsn(info.className());
            mv.visitLdcInsn(decision.shapeHash());
            mv.visitVarInsn(Opcodes.ILOAD, 2);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, RUNTIME, "shapeMismatch",
                    "(Ljava/lang/String;II)Ljava/io/InvalidClassException;", false);
            mv.visitInsn(Opcodes.ATHROW);
            mv.visitLabel(ok);
            if (frames) {
                mv.visitFrame(Opcodes.F_NEW, 3, new Object[] {info.name, INPUT, Opcodes.INTEGER}, 0, new Object[0]);
            }
        }

        private void frame(final MethodVisitor mv, final String stream) {
            if (frames) {
                mv.visitFrame(Opcodes.F_NEW, 2, new Object[] {info.name, stream}, 0, new Object[0]);
            }
        }

        private void fieldCode(final MethodVisitor mv, final List<FieldSpec> fields, final boolean write) {
            for (FieldSpec f : fields) {
                if (write) {
                    writeField(mv, f);
                } else {
                    readField(mv, f);
                }
            }
        }

        private void writeField(final MethodVisitor mv, final FieldSpec f) {
            Type type = Type.getType(f.descriptor());
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitFieldInsn(Opcodes.GETFIELD, info.name, f.name(), f.descriptor());
            String method = switch (type.getSort()) {
                case Type.BOOLEAN -> "writeBoolean:(Z)V";
                case Type.BYTE -> "writeByte:(I)V";
                case Type.CHAR -> "writeChar:(I)V";
                case Type.SHORT -> "writeShort:(I)V";
                case Type.INT -> "writeInt:(I)V";
                case Type.LONG -> "writeLong:(J)V";
                case Type.FLOAT -> "writeFloat:(F)V";
                case Type.DOUBLE -> "writeDouble:(D)V";
                default -> "writeObject:(Ljava/lang/Object;)V";
            };
            int colon = method.indexOf(':');
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, OUTPUT, method.substring(0, colon),
                    method.substring(colon + 1), true);
        }

        private void readField(final MethodVisitor mv, final FieldSpec f) {
            Type type = Type.getType(f.descriptor());
            boolean runtimeStore = f.isFinal() && viaRuntime;
            if (runtimeStore) {
                mv.visitLdcInsn(new ConstantDynamic(f.name(), "L" + FINAL_FIELD + ";", FINAL_FIELD_BOOTSTRAP,
                        f.descriptor()));
            }
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            String setter;
            switch (type.getSort()) {
                case Type.BOOLEAN -> setter = read(mv, "readBoolean", "Z", "setBoolean");
                case Type.BYTE -> setter = read(mv, "readByte", "B", "setByte");
                case Type.CHAR -> setter = read(mv, "readChar", "C", "setChar");
                case Type.SHORT -> setter = read(mv, "readShort", "S", "setShort");
                case Type.INT -> setter = read(mv, "readInt", "I", "setInt");
                case Type.LONG -> setter = read(mv, "readLong", "J", "setLong");
                case Type.FLOAT -> setter = read(mv, "readFloat", "F", "setFloat");
                case Type.DOUBLE -> setter = read(mv, "readDouble", "D", "setDouble");
                default -> {
                    mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, INPUT, "readObject", "()Ljava/lang/Object;", true);
                    if (!f.descriptor().equals("Ljava/lang/Object;")) {
                        mv.visitTypeInsn(Opcodes.CHECKCAST, type.getInternalName());
                    }
                    setter = "setReference:(Ljava/lang/Object;Ljava/lang/Object;)V";
                }
            }
            if (runtimeStore) {
                int colon = setter.indexOf(':');
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, FINAL_FIELD, setter.substring(0, colon),
                        setter.substring(colon + 1), false);
            } else {
                mv.visitFieldInsn(Opcodes.PUTFIELD, info.name, f.name(), f.descriptor());
            }
        }

        /** Emits the typed read; returns the matching {@code FinalField} setter as {@code name:descriptor}. */
        private static String read(final MethodVisitor mv, final String method, final String type, final String setter) {
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, INPUT, method, "()" + type, true);
            return setter + ":(Ljava/lang/Object;" + type + ")V";
        }
    }
}
