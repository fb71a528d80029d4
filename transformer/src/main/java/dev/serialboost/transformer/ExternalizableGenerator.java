package dev.serialboost.transformer;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.List;

/**
 * Adds the converted format's bodies to an eligible class, and nothing the rest of the program can tell apart from
 * the original: the class keeps its interfaces, constructors and methods (it does <em>not</em> become
 * {@code Externalizable}). Adds, all {@code synthetic} and prefixed {@code $sb$}:
 * <ul>
 *   <li>{@code serialVersionUID} pinned to the original value when the class did not declare one (the added
 *       methods would change the JDK's default value);</li>
 *   <li>{@code $sb$write}, which calls the converted superclass's first, then writes this level's fields
 *       (field by field, or one bulk record);</li>
 *   <li>the read level ({@code $sb$read} in the topmost converted class, else an override of the
 *       parent's {@code $sb$next$<d>}), which reads this level's values, lets the levels below read theirs,
 *       and then stores (see {@link Rewriter#addReadLevel}); and an empty {@code $sb$next$<depth>} for
 *       converted subclasses to override;</li>
 *   <li>for a bulk level, {@code $sb$bulk}, a static {@code String} naming the record's fields in order, from
 *       which the runtime lists them in the class descriptor.</li>
 * </ul>
 * The runtime writes the object's shape ahead of the bodies' data and reads with them only data of this shape
 * ({@code dev.serialboost.runtime.ConvertedShape}); data of another shape is read by the JDK's own code.
 * Only the JDK's stream engine, patched by the agent ({@code dev.serialboost.runtime.ConvertedFormat}), calls them:
 * it writes and reads an object of exactly a converted class with them, in the stream layout of an
 * {@code Externalizable} class; everything else, subclasses serialboost did not convert included, the JDK
 * serializes as without the agent.
 * Stack-map frames are written explicitly, so no class is loaded to compute them.
 */
final class ExternalizableGenerator {

    static final String WRITE = "$sb$write";
    /** Declared by the topmost converted class only: reads every level, then stores every field. */
    static final String READ = "$sb$read";
    /** {@code $sb$next$<d>}: reads the levels below depth d; each converted subclass overrides its parent's. */
    static final String NEXT = "$sb$next$";
    /** Fields per generated method: keeps each method small enough for the JIT to compile and inline. */
    static final int FIELDS_PER_METHOD = 32;
    /** A bulk level's synthetic static {@code String}: the record's fields in order, for the runtime. */
    static final String BULK_FIELD = "$sb$bulk";

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

    /**
     * @param depth how many converted serializable superclasses the class has
     */
    static byte[] generate(final byte[] original, final ClassInfo info, final Decision decision, final int depth) {
        ClassReader reader = new ClassReader(original);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new Rewriter(writer, info, decision, depth), 0);
        return writer.toByteArray();
    }

    private static final class Rewriter extends ClassVisitor {
        private final ClassInfo info;
        private final Decision decision;
        private final String superToCall;
        private final int depth;
        /** Whether the class uses dynamic constants (final fields through the runtime, or the bulk record). */
        private final boolean condy;

        Rewriter(final ClassVisitor next, final ClassInfo info, final Decision decision, final int depth) {
            super(Opcodes.ASM9, next);
            this.info = info;
            this.decision = decision;
            this.depth = depth;
            this.superToCall = decision.convertedSuperclass() == null ? null : info.superName;
            boolean hasFinal = decision.fields().stream().anyMatch(FieldSpec::isFinal);
            this.condy = decision.bulk()
                    || (hasFinal && info.majorVersion >= EligibilityCheck.FINAL_STORE_CHECKED_VERSION);
        }

        @Override
        public void visit(final int version, final int access, final String name, final String signature,
                          final String superName, final String[] interfaces) {
            int major = version & 0xFFFF;
            int newVersion = condy && major < EligibilityCheck.CONDY_VERSION ? EligibilityCheck.CONDY_VERSION : version;
            super.visit(newVersion, access, name, signature, superName, interfaces);
        }

        @Override
        public void visitEnd() {
            if (info.field("serialVersionUID") == null) {
                FieldVisitor fv = super.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL
                        | GENERATED, "serialVersionUID", "J", null, decision.serialVersionUID());
                fv.visitEnd();
            }
            if (decision.bulk()) {
                // names the record's fields in order for the runtime, which lists them so in the class descriptor
                FieldVisitor fv = super.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL
                        | GENERATED, BULK_FIELD, "Ljava/lang/String;", null, bulkSpec());
                fv.visitEnd();
            }
            addWriteLevel();
            addReadLevel();
            super.visitEnd();
        }

        /** {@code $sb$write}: the converted superclass's level first, then this level's fields. */
        private void addWriteLevel() {
            MethodVisitor mv = super.visitMethod(Opcodes.ACC_PROTECTED | GENERATED, WRITE, WRITE_DESC, null,
                    exceptions(true));
            mv.visitCode();
            if (superToCall != null) {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitMethodInsn(Opcodes.INVOKESPECIAL, superToCall, WRITE, WRITE_DESC, false);
            }
            if (decision.bulk()) {
                loadBulkLayout(mv);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BULK_LAYOUT, "write", "(Ljava/lang/Object;L" + OUTPUT + ";)V",
                        false);
            } else {
                inChunks(mv, decision.fields(), WRITE, WRITE_DESC, new int[] {1}, true, this::writeField);
            }
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(4, 2);
            mv.visitEnd();
        }

        /**
         * This level's read: {@code $sb$read} at depth 0, else the override of the parent's
         * {@code $sb$next$<depth-1>}. It reads this level's values into locals, lets the
         * levels below read theirs ({@code $sb$next$<depth>}, empty unless a converted subclass overrides
         * it), and only then stores its own fields. So no field of the object is set before all of its data
         * is read, as in plain JDK reading ({@code ObjectInputStream.readSerialData} defers every level's
         * field values to the end); objects read in between (which may point back at this one, e.g. as a
         * set element) see the same default state they see under plain JDK reading.
         */
        private void addReadLevel() {
            String name = depth == 0 ? READ : NEXT + (depth - 1);
            MethodVisitor mv = super.visitMethod(Opcodes.ACC_PROTECTED | GENERATED, name, READ_DESC, null,
                    exceptions(false));
            mv.visitCode();
            List<FieldSpec> fields = decision.fields();
            Runnable stores;
            int maxLocals;
            if (decision.bulk()) {
                loadBulkLayout(mv);
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BULK_LAYOUT, "readRecord", "(L" + INPUT + ";)[B", false);
                mv.visitVarInsn(Opcodes.ASTORE, 3);
                maxLocals = 4;
                stores = () -> {
                    loadBulkLayout(mv);
                    mv.visitVarInsn(Opcodes.ALOAD, 0);
                    mv.visitVarInsn(Opcodes.ALOAD, 3);
                    mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BULK_LAYOUT, "apply", "(Ljava/lang/Object;[B)V", false);
                };
            } else if (fields.size() <= FIELDS_PER_METHOD) {
                maxLocals = readIntoLocals(mv, fields);
                stores = () -> storeFromLocals(mv, fields);
            } else {
                readWide(mv, fields);
                maxLocals = 5;
                stores = () -> inChunks(mv, fields, READ + "$store", "([B[Ljava/lang/Object;)V", new int[] {3, 4},
                        false, this::storeWide);
            }
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, info.name, NEXT + depth, READ_DESC, false);
            stores.run();
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(5, maxLocals);
            mv.visitEnd();

            MethodVisitor next = super.visitMethod(Opcodes.ACC_PROTECTED | GENERATED, NEXT + depth, READ_DESC, null,
                    exceptions(false));
            next.visitCode();
            next.visitInsn(Opcodes.RETURN);
            next.visitMaxs(0, 2);
            next.visitEnd();
        }

        /** Reads each field with its typed method into locals from 3 on (references checked on the spot). */
        private int readIntoLocals(final MethodVisitor mv, final List<FieldSpec> fields) {
            int local = 3;
            for (FieldSpec f : fields) {
                Type type = Type.getType(f.descriptor());
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                if (f.isPrimitive()) {
                    String method = "read" + typeName(f);
                    mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, INPUT, method, "()" + f.descriptor(), true);
                } else {
                    mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, INPUT, "readObject", "()Ljava/lang/Object;", true);
                    checkcast(mv, f);
                }
                mv.visitVarInsn(type.getOpcode(Opcodes.ISTORE), local);
                local += type.getSize();
            }
            return local;
        }

        private void storeFromLocals(final MethodVisitor mv, final List<FieldSpec> fields) {
            int local = 3;
            for (FieldSpec f : fields) {
                Type type = Type.getType(f.descriptor());
                boolean viaRuntime = loadFinalField(mv, f);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(type.getOpcode(Opcodes.ILOAD), local);
                storeTop(mv, f, viaRuntime);
                local += type.getSize();
            }
        }

        /**
         * A wide level: all primitives in one {@code readFully} into a {@code byte[]} (local 3; they are
         * contiguous, big-endian, in stream order), references into an {@code Object[]} (local 4) by chunk
         * methods whose locals are {@code this, in, values}.
         */
        private void readWide(final MethodVisitor mv, final List<FieldSpec> fields) {
            int primitiveBytes = 0;
            List<FieldSpec> references = new java.util.ArrayList<>();
            for (FieldSpec f : fields) {
                if (f.isPrimitive()) {
                    primitiveBytes += streamWidth(f);
                } else {
                    references.add(f);
                }
            }
            mv.visitLdcInsn(primitiveBytes);
            mv.visitIntInsn(Opcodes.NEWARRAY, Opcodes.T_BYTE);
            mv.visitVarInsn(Opcodes.ASTORE, 3);
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitVarInsn(Opcodes.ALOAD, 3);
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, INPUT, "readFully", "([B)V", true);
            mv.visitLdcInsn(references.size());
            mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
            mv.visitVarInsn(Opcodes.ASTORE, 4);
            inChunks(mv, references, READ + "$refs", "(L" + INPUT + ";[Ljava/lang/Object;)V", new int[] {1, 4},
                    false, (cv, f, index) -> {
                        cv.visitVarInsn(Opcodes.ALOAD, 2);
                        cv.visitLdcInsn(index);
                        cv.visitVarInsn(Opcodes.ALOAD, 1);
                        cv.visitMethodInsn(Opcodes.INVOKEINTERFACE, INPUT, "readObject", "()Ljava/lang/Object;", true);
                        checkcast(cv, f);
                        cv.visitInsn(Opcodes.AASTORE);
                    });
        }

        /**
         * Stores field {@code index} of the level (in a chunk method whose locals are {@code this,
         * primitives, references}): primitives decoded from their stream position, references from the array.
         */
        private void storeWide(final MethodVisitor cv, final FieldSpec f, final int index) {
            List<FieldSpec> fields = decision.fields();
            int at = 0;
            int reference = 0;
            for (int i = 0; i < index; i++) {
                if (fields.get(i).isPrimitive()) {
                    at += streamWidth(fields.get(i));
                } else {
                    reference++;
                }
            }
            boolean viaRuntime = loadFinalField(cv, f);
            cv.visitVarInsn(Opcodes.ALOAD, 0);
            if (f.isPrimitive()) {
                cv.visitVarInsn(Opcodes.ALOAD, 1);
                cv.visitLdcInsn(at);
                cv.visitMethodInsn(Opcodes.INVOKESTATIC, RUNTIME, "get" + typeName(f), "([BI)" + f.descriptor(), false);
            } else {
                cv.visitVarInsn(Opcodes.ALOAD, 2);
                cv.visitLdcInsn(reference);
                cv.visitInsn(Opcodes.AALOAD);
                checkcast(cv, f);
            }
            storeTop(cv, f, viaRuntime);
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

        /** Pushes this level's {@code BulkLayout}, a dynamic constant naming the record's fields in order. */
        private void loadBulkLayout(final MethodVisitor mv) {
            mv.visitLdcInsn(new ConstantDynamic("$sb$bulk", "L" + BULK_LAYOUT + ";", BULK_LAYOUT_BOOTSTRAP,
                    bulkSpec()));
        }

        /** The bulk record's fields in record order, {@code name:descriptor} joined by {@code ;}. */
        private String bulkSpec() {
            StringBuilder spec = new StringBuilder();
            for (FieldSpec f : decision.fields()) {
                spec.append(spec.length() == 0 ? "" : ";").append(f.name()).append(':').append(f.descriptor());
            }
            return spec.toString();
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

        private static void checkcast(final MethodVisitor mv, final FieldSpec f) {
            if (!f.descriptor().equals("Ljava/lang/Object;")) {
                mv.visitTypeInsn(Opcodes.CHECKCAST, Type.getType(f.descriptor()).getInternalName());
            }
        }

        /** {@code Boolean}, {@code Int}, ...: the suffix of the typed DataInput and FinalField methods. */
        private static String typeName(final FieldSpec f) {
            return switch (f.descriptor().charAt(0)) {
                case 'Z' -> "Boolean";
                case 'B' -> "Byte";
                case 'C' -> "Char";
                case 'S' -> "Short";
                case 'I' -> "Int";
                case 'J' -> "Long";
                case 'F' -> "Float";
                case 'D' -> "Double";
                default -> "Reference";
            };
        }

        /** Bytes a primitive takes in the stream ({@code DataOutput}: boolean 1, char 2, ...). */
        private static int streamWidth(final FieldSpec f) {
            return FieldSpec.width(f.descriptor());
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
        private void storeTop(final MethodVisitor mv, final FieldSpec f, final boolean viaRuntime) {
            if (viaRuntime) {
                String valueType = f.isPrimitive() ? f.descriptor() : "Ljava/lang/Object;";
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, FINAL_FIELD, "set" + typeName(f),
                        "(Ljava/lang/Object;" + valueType + ")V", false);
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
