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
    private static final String BULK_LAYOUT = "dev/serialboost/runtime/BulkLayout";
    private static final Handle FINAL_FIELD_BOOTSTRAP = bootstrap(FINAL_FIELD);
    private static final Handle BULK_LAYOUT_BOOTSTRAP = bootstrap(BULK_LAYOUT);
    private static final int GENERATED = Opcodes.ACC_SYNTHETIC;

    private ExternalizableGenerator() {
    }

    /** The {@code bootstrap(Lookup, String, Class, String)} method of a runtime class, as a condy bootstrap. */
    private static Handle bootstrap(final String owner) {
        return new Handle(Opcodes.H_INVOKESTATIC, owner, "bootstrap",
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;Ljava/lang/String;)L"
                        + owner + ";", false);
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
        /** Whether the class uses dynamic constants (final fields through the runtime, or the bulk record). */
        private final boolean condy;
        private final boolean frames;

        Rewriter(final ClassVisitor next, final ClassInfo info, final Decision decision) {
            super(Opcodes.ASM9, next);
            this.info = info;
            this.decision = decision;
            this.superToCall = decision.convertedSuperclass() == null ? null : info.superName;
            boolean hasFinal = decision.fields().stream().anyMatch(FieldSpec::isFinal);
            this.condy = decision.bulk()
                    || (hasFinal && info.majorVersion >= EligibilityCheck.FINAL_STORE_CHECKED_VERSION);
            this.frames = info.majorVersion >= Opcodes.V1_6;
        }

        @Override
        public void visit(final int version, final int access, final String name, final String signature,
                          final String superName, final String[] interfaces) {
            int major = version & 0xFFFF;
            int newVersion = condy && major < EligibilityCheck.CONDY_VERSION ? EligibilityCheck.CONDY_VERSION : version;
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

        /**
         * {@code $sb$write} or {@code $sb$read}: the converted superclass's level first, then this level's
         * layout hash and fields, in chunk methods when the class is wide.
         *
         * <p>Reading stores fields as the JDK's {@code defaultReadFields} does: primitives at once, reference
         * fields only after all of this level's references are read. Objects read in between (which may
         * point back at this one, e.g. as a key of a set) see the same partly filled state they see under
         * plain JDK reading.
         */
        private void addLevel(final boolean write) {
            String name = write ? WRITE : READ;
            String desc = write ? WRITE_DESC : READ_DESC;
            MethodVisitor mv = super.visitMethod(Opcodes.ACC_PROTECTED | GENERATED, name, desc, null, exceptions(write));
            mv.visitCode();
            if (superToCall != null) {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitMethodInsn(Opcodes.INVOKESPECIAL, superToCall, name, desc, false);
            }
            int maxLocals = write ? 2 : 3;
            if (write) {
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitLdcInsn(decision.shapeHash());
                mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, OUTPUT, "writeInt", "(I)V", true);
            } else {
                checkShape(mv);
            }
            List<FieldSpec> fields = decision.fields();
            if (decision.bulk()) {
                bulkCode(mv, write);
            } else if (write) {
                inChunks(mv, fields, name, desc, new int[] {1}, true, this::writeField);
            } else {
                inChunks(mv, fields.stream().filter(FieldSpec::isPrimitive).toList(), name, desc, new int[] {1},
                        false, this::readPrimitive);
                maxLocals += readReferences(mv, fields.stream().filter(f -> !f.isPrimitive()).toList());
            }
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(4, maxLocals);
            mv.visitEnd();
        }

        /**
         * Emits {@code code} for each field: inline when they are few, else in private chunk methods of
         * {@link #FIELDS_PER_METHOD} fields named {@code <prefix>$<n>} with descriptor {@code chunkDesc},
         * called in order with {@code this} and the given locals as arguments.
         */
        private void inChunks(final MethodVisitor mv, final List<FieldSpec> fields, final String prefix,
                              final String chunkDesc, final int[] argLocals, final boolean write,
                              final FieldCode code) {
            if (fields.size() <= FIELDS_PER_METHOD) {
                for (int i = 0; i < fields.size(); i++) {
                    code.emit(mv, fields.get(i), i);
                }
                return;
            }
            for (int chunk = 0; chunk * FIELDS_PER_METHOD < fields.size(); chunk++) {
                String chunkName = prefix + "$" + chunk;
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                for (int local : argLocals) {
                    mv.visitVarInsn(Opcodes.ALOAD, local);
                }
                mv.visitMethodInsn(Opcodes.INVOKESPECIAL, info.name, chunkName, chunkDesc, false);
                int from = chunk * FIELDS_PER_METHOD;
                List<FieldSpec> part = fields.subList(from, Math.min(fields.size(), from + FIELDS_PER_METHOD));
                MethodVisitor cv = super.visitMethod(Opcodes.ACC_PRIVATE | GENERATED, chunkName, chunkDesc, null,
                        exceptions(write));
                cv.visitCode();
                for (int i = 0; i < part.size(); i++) {
                    code.emit(cv, part.get(i), from + i);
                }
                cv.visitInsn(Opcodes.RETURN);
                cv.visitMaxs(5, 1 + argLocals.length);
                cv.visitEnd();
            }
        }

        /**
         * Reads this level's reference fields, then stores them all: through locals 3.. when they are few,
         * else through an {@code Object[]} in local 3 filled and emptied by chunk methods (whose locals are
         * {@code this, in, values} and {@code this, values}). Returns the locals used beyond the first three.
         */
        private int readReferences(final MethodVisitor mv, final List<FieldSpec> references) {
            if (references.size() <= FIELDS_PER_METHOD) {
                for (int i = 0; i < references.size(); i++) {
                    mv.visitVarInsn(Opcodes.ALOAD, 1);
                    mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, INPUT, "readObject", "()Ljava/lang/Object;", true);
                    mv.visitVarInsn(Opcodes.ASTORE, 3 + i);
                }
                for (int i = 0; i < references.size(); i++) {
                    int local = 3 + i;
                    store(mv, references.get(i), () -> mv.visitVarInsn(Opcodes.ALOAD, local));
                }
                return references.size();
            }
            mv.visitLdcInsn(references.size());
            mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
            mv.visitVarInsn(Opcodes.ASTORE, 3);
            inChunks(mv, references, READ + "$refs", "(L" + INPUT + ";[Ljava/lang/Object;)V", new int[] {1, 3},
                    false, (cv, f, index) -> {
                        cv.visitVarInsn(Opcodes.ALOAD, 2);
                        cv.visitLdcInsn(index);
                        cv.visitVarInsn(Opcodes.ALOAD, 1);
                        cv.visitMethodInsn(Opcodes.INVOKEINTERFACE, INPUT, "readObject", "()Ljava/lang/Object;", true);
                        cv.visitInsn(Opcodes.AASTORE);
                    });
            inChunks(mv, references, READ + "$store", "([Ljava/lang/Object;)V", new int[] {3}, false,
                    (cv, f, index) -> store(cv, f, () -> {
                        cv.visitVarInsn(Opcodes.ALOAD, 1);
                        cv.visitLdcInsn(index);
                        cv.visitInsn(Opcodes.AALOAD);
                    }));
            return 1;
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

        /** {@code BulkLayout.write(this, out)} or {@code BulkLayout.read(this, in)} on this level's record. */
        private void bulkCode(final MethodVisitor mv, final boolean write) {
            StringBuilder spec = new StringBuilder();
            for (FieldSpec f : decision.fields()) {
                spec.append(spec.length() == 0 ? "" : ";").append(f.name()).append(':').append(f.descriptor());
            }
            mv.visitLdcInsn(new ConstantDynamic("$sb$bulk", "L" + BULK_LAYOUT + ";", BULK_LAYOUT_BOOTSTRAP,
                    spec.toString()));
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BULK_LAYOUT, write ? "write" : "read",
                    "(Ljava/lang/Object;L" + (write ? OUTPUT : INPUT) + ";)V", false);
        }

        private void frame(final MethodVisitor mv, final String stream) {
            if (frames) {
                mv.visitFrame(Opcodes.F_NEW, 2, new Object[] {info.name, stream}, 0, new Object[0]);
            }
        }

        /** {@code out.writeX(this.f)} with the typed method of {@code DataOutput}, or {@code writeObject}. */
        private void writeField(final MethodVisitor mv, final FieldSpec f, final int index) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitFieldInsn(Opcodes.GETFIELD, info.name, f.name(), f.descriptor());
            String method = switch (f.descriptor().charAt(0)) {
                case 'Z' -> "writeBoolean:(Z)V";
                case 'B' -> "writeByte:(I)V";
                case 'C' -> "writeChar:(I)V";
                case 'S' -> "writeShort:(I)V";
                case 'I' -> "writeInt:(I)V";
                case 'J' -> "writeLong:(J)V";
                case 'F' -> "writeFloat:(F)V";
                case 'D' -> "writeDouble:(D)V";
                default -> "writeObject:(Ljava/lang/Object;)V";
            };
            int colon = method.indexOf(':');
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, OUTPUT, method.substring(0, colon),
                    method.substring(colon + 1), true);
        }

        /** {@code this.f = in.readX()}, through the runtime's {@code FinalField} when {@code f} is final. */
        private void readPrimitive(final MethodVisitor mv, final FieldSpec f, final int index) {
            String type = f.descriptor();
            String method = switch (type.charAt(0)) {
                case 'Z' -> "Boolean";
                case 'B' -> "Byte";
                case 'C' -> "Char";
                case 'S' -> "Short";
                case 'I' -> "Int";
                case 'J' -> "Long";
                case 'F' -> "Float";
                case 'D' -> "Double";
                default -> throw new IllegalStateException("not a primitive field: " + info.name + "." + f.name());
            };
            boolean viaRuntime = loadFinalField(mv, f);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, INPUT, "read" + method, "()" + type, true);
            storeTop(mv, f, viaRuntime, "set" + method, type);
        }

        /** Stores the reference {@code loadValue} pushes into {@code f}, checked against the field's type. */
        private void store(final MethodVisitor mv, final FieldSpec f, final Runnable loadValue) {
            boolean viaRuntime = loadFinalField(mv, f);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            loadValue.run();
            if (!f.descriptor().equals("Ljava/lang/Object;")) {
                mv.visitTypeInsn(Opcodes.CHECKCAST, Type.getType(f.descriptor()).getInternalName());
            }
            storeTop(mv, f, viaRuntime, "setReference", "Ljava/lang/Object;");
        }

        /** Pushes the {@code FinalField} constant when {@code f} must be stored through the runtime. */
        private boolean loadFinalField(final MethodVisitor mv, final FieldSpec f) {
            boolean viaRuntime = f.isFinal() && info.majorVersion >= EligibilityCheck.FINAL_STORE_CHECKED_VERSION;
            if (viaRuntime) {
                mv.visitLdcInsn(new ConstantDynamic(f.name(), "L" + FINAL_FIELD + ";", FINAL_FIELD_BOOTSTRAP,
                        f.descriptor()));
            }
            return viaRuntime;
        }

        /** With {@code this} and the value on the stack: {@code putfield}, or the {@code FinalField} setter. */
        private void storeTop(final MethodVisitor mv, final FieldSpec f, final boolean viaRuntime,
                              final String setter, final String setterType) {
            if (viaRuntime) {
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, FINAL_FIELD, setter, "(Ljava/lang/Object;" + setterType + ")V",
                        false);
            } else {
                mv.visitFieldInsn(Opcodes.PUTFIELD, info.name, f.name(), f.descriptor());
            }
        }
    }

    /** Emits code for one field; {@code index} is the field's position in the list being emitted. */
    @FunctionalInterface
    private interface FieldCode {
        void emit(MethodVisitor mv, FieldSpec field, int index);
    }

    private static String[] exceptions(final boolean write) {
        return write ? new String[] {"java/io/IOException"}
                     : new String[] {"java/io/IOException", "java/lang/ClassNotFoundException"};
    }
}
