package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.ArrayList;
import java.util.List;

/**
 * Adds the converted format's bodies to an eligible class, and nothing the rest of the program can tell apart from
 * the original: the class keeps its interfaces, constructors and methods (it does <em>not</em> become
 * {@code Externalizable}). Adds, all {@code synthetic} and prefixed {@code $sb$}:
 * <ul>
 *   <li>for each level (the class's own fields; a converted superclass has its own members), all private:
 *       {@code $sb$write(ObjectOutput)}, which writes the level's primitives (field by field, or one bulk record);
 *       {@code $sb$ref(int)}, which returns one of its reference fields; and {@code $sb$set(byte[], int, Object[],
 *       int)}, which stores all its fields from values read (see {@link Rewriter#addStores});</li>
 *   <li>for a bulk level, {@code $sb$bulk}, a static {@code String} naming the record's fields in order, from
 *       which the runtime lists them in the class descriptor.</li>
 * </ul>
 * No {@code serialVersionUID} is added: private methods and private static fields are what the JDK's default value
 * ({@code ObjectStreamClass.computeDefaultSUID}) leaves out, so a class that declares none keeps the value the JDK
 * computes for the original, and computes it, as without the agent, when the class is first serialized.
 * The runtime writes the object's shape ahead of the bodies' data and reads with them only data of this shape
 * ({@code dev.serialboost.runtime.converted.ConvertedShape}); data of another shape is read by the JDK's own code.
 * The bodies never call {@code writeObject}/{@code readObject}: the patched {@code writeExternalData}/{@code
 * readExternalData} frame writes and reads each reference itself, level after level, so an object nested in the
 * graph costs the stack no more frames than in the plain format.
 * Only the JDK's stream engine, patched by the agent ({@code dev.serialboost.runtime.converted.ConvertedFormat}),
 * calls them:
 * it writes and reads an object of exactly a converted class with them, in the stream layout of an
 * {@code Externalizable} class; everything else, subclasses serialboost did not convert included, the JDK
 * serializes as without the agent.
 * Stack-map frames are written explicitly, so no class is loaded to compute them.
 */
final class ConvertedBodies {

    /** Writes the level's primitives. */
    static final String WRITE = "$sb$write";
    /** Returns one of the level's references, for the runtime to write. */
    static final String REF = "$sb$ref";
    /** Stores the level's fields from the values the runtime read. */
    static final String SET = "$sb$set";
    /** Fields per generated method: keeps each method small enough for the JIT to compile and inline. */
    static final int FIELDS_PER_METHOD = 32;
    /** A bulk level's synthetic static {@code String}: the record's fields in order, for the runtime. */
    static final String BULK_FIELD = "$sb$bulk";

    private static final String OUTPUT = "java/io/ObjectOutput";
    private static final String WRITE_DESC = "(L" + OUTPUT + ";)V";
    private static final String REF_DESC = "(I)Ljava/lang/Object;";
    private static final String SET_DESC = "([BI[Ljava/lang/Object;I)V";
    /**
     * The runtime classes generated code calls, by the names they have installed ({@link RuntimeLocation}): a converted
     * class is handed to the JVM as generated, with no relocation pass per class.
     */
    private static final String RUNTIME =
            RuntimeLocation.installedName("dev/serialboost/runtime/converted/GeneratedCode");
    private static final String FINAL_FIELD =
            RuntimeLocation.installedName("dev/serialboost/runtime/converted/FinalField");
    private static final String BULK_LAYOUT =
            RuntimeLocation.installedName("dev/serialboost/runtime/converted/BulkLayout");
    private static final Handle FINAL_FIELD_BOOTSTRAP = bootstrap(FINAL_FIELD);
    private static final Handle BULK_LAYOUT_BOOTSTRAP = bootstrap(BULK_LAYOUT);
    private static final int GENERATED = Opcodes.ACC_SYNTHETIC;
    /** The arguments of {@code $sb$write} and {@code $sb$set} after {@code this}, passed on to their chunks. */
    private static final int[] WRITE_LOCALS = {1};
    private static final int[] SET_LOCALS = {1, 2, 3, 4};

    private ConvertedBodies() {
    }

    /** The {@code bootstrap(Lookup, String, Class, String)} method of a runtime class, as a condy bootstrap. */
    private static Handle bootstrap(final String owner) {
        return new Handle(Opcodes.H_INVOKESTATIC, owner, "bootstrap",
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;Ljava/lang/String;)L"
                        + owner + ";", false);
    }

    /**
     * The class file {@code reader} has open (the one its summary and decision were read from), with the generated
     * members added after its own ({@link ClassFileAppender}: nothing of the class file is parsed again or rewritten).
     */
    static byte[] generate(final ClassReader reader, final byte[] original, final ClassInfo info,
                           final Decision decision) {
        ClassFileAppender appender = new ClassFileAppender(reader, original);
        new Rewriter(appender, info, decision).addMembers();
        return appender.toByteArray();
    }

    private static final class Rewriter {
        private final ClassFileAppender out;
        private final ClassInfo info;
        private final Decision decision;
        /** Whether the class uses dynamic constants (final fields through the runtime, or the bulk record). */
        private final boolean condy;
        /** Whether the class file's version has stack-map frames (50 and later; earlier ones must not). */
        private boolean frames;

        Rewriter(final ClassFileAppender out, final ClassInfo info, final Decision decision) {
            this.out = out;
            this.info = info;
            this.decision = decision;
            boolean hasFinal = false;
            for (FieldSpec f : decision.fields()) {
                hasFinal |= f.isFinal();
            }
            this.condy = decision.bulk()
                    || (hasFinal && info.majorVersion >= EligibilityCheck.FINAL_STORE_CHECKED_VERSION);
        }

        void addMembers() {
            if (condy && out.majorVersion() < EligibilityCheck.CONDY_VERSION) {
                out.setVersion(EligibilityCheck.CONDY_VERSION);
            }
            frames = out.majorVersion() >= Opcodes.V1_6;
            if (decision.bulk()) {
                // names the record's fields in order for the runtime, which lists them so in the class descriptor
                out.addField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | GENERATED, BULK_FIELD,
                        "Ljava/lang/String;", bulkSpec());
            }
            addWriteLevel();
            addReferences();
            addStores();
        }

        /** {@code $sb$write}: this level's primitives (the references are the runtime's, see the class doc). */
        private void addWriteLevel() {
            MethodVisitor mv = out.addMethod(Opcodes.ACC_PRIVATE | GENERATED, WRITE, WRITE_DESC,
                    exceptions(true));
            mv.visitCode();
            if (decision.bulk()) {
                loadBulkLayout(mv);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BULK_LAYOUT, "write", "(Ljava/lang/Object;L" + OUTPUT + ";)V",
                        false);
            } else {
                inChunks(mv, primitives(true), WRITE, WRITE_DESC, WRITE_LOCALS, true);
            }
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(4, 2);
            mv.visitEnd();
        }

        /**
         * {@code $sb$ref(int i)}: this level's reference field {@code i}, in stream order (by name, as the JDK orders
         * them), for the runtime to write; not added when the level has none.
         */
        private void addReferences() {
            List<FieldSpec> references = primitives(false);
            if (references.isEmpty()) {
                return;
            }
            MethodVisitor mv = out.addMethod(Opcodes.ACC_PRIVATE | GENERATED, REF, REF_DESC, null);
            mv.visitCode();
            Label[] cases = new Label[references.size()];
            for (int i = 0; i < cases.length; i++) {
                cases[i] = new Label();
            }
            Label other = new Label();
            mv.visitVarInsn(Opcodes.ILOAD, 1);
            mv.visitTableSwitchInsn(0, cases.length - 1, other, cases);
            for (int i = 0; i < cases.length; i++) {
                mv.visitLabel(cases[i]);
                if (frames) {
                    mv.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
                }
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                FieldSpec f = references.get(i);
                mv.visitFieldInsn(Opcodes.GETFIELD, info.name, f.name(), f.descriptor());
                mv.visitInsn(Opcodes.ARETURN);
            }
            mv.visitLabel(other);
            if (frames) {
                mv.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
            }
            mv.visitTypeInsn(Opcodes.NEW, "java/lang/IndexOutOfBoundsException");
            mv.visitInsn(Opcodes.DUP);
            mv.visitVarInsn(Opcodes.ILOAD, 1);
            mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/IndexOutOfBoundsException", "<init>", "(I)V", false);
            mv.visitInsn(Opcodes.ATHROW);
            mv.visitMaxs(3, 2);
            mv.visitEnd();
        }

        /**
         * {@code $sb$set(byte[] primitives, int at, Object[] references, int from)}: stores this level's fields, its
         * primitives from {@code at} on (as written: big-endian in stream order, or the bulk record), its references
         * from {@code from} on. The runtime calls it for every level only when the whole object's data is read, as
         * plain JDK reading ({@code ObjectInputStream.readSerialData}) sets no field before all are read: objects read
         * in between (which may point back at this one, e.g. as a set element) see the state they see without the
         * agent. A reference of the wrong type fails here with the {@code ClassCastException} of {@code checkcast}.
         */
        private void addStores() {
            MethodVisitor mv = out.addMethod(Opcodes.ACC_PRIVATE | GENERATED, SET, SET_DESC, null);
            mv.visitCode();
            if (decision.bulk()) {
                loadBulkLayout(mv);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitVarInsn(Opcodes.ILOAD, 2);
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BULK_LAYOUT, "apply", "(Ljava/lang/Object;[BI)V", false);
            } else {
                inChunks(mv, decision.fields(), SET, SET_DESC, SET_LOCALS, false);
            }
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(6, 5);
            mv.visitEnd();
        }

        /**
         * Stores field {@code index} of the level (in a method whose locals are {@code this, primitives, at,
         * references, from}): a primitive decoded from its stream position, a reference from the array.
         */
        private void store(final MethodVisitor cv, final FieldSpec f, final int index) {
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
                cv.visitVarInsn(Opcodes.ILOAD, 2);
                add(cv, at);
                cv.visitMethodInsn(Opcodes.INVOKESTATIC, RUNTIME, "get" + typeName(f), "([BI)" + f.descriptor(), false);
            } else {
                cv.visitVarInsn(Opcodes.ALOAD, 3);
                cv.visitVarInsn(Opcodes.ILOAD, 4);
                add(cv, reference);
                cv.visitInsn(Opcodes.AALOAD);
                checkcast(cv, f);
            }
            storeTop(cv, f, viaRuntime);
        }

        /**
         * Emits {@code code} for each field: inline when they are few, else in private chunk methods of
         * {@link #FIELDS_PER_METHOD} fields named {@code <prefix>$<n>} with descriptor {@code chunkDesc},
         * called in order with {@code this} and the given locals as arguments; the code is {@link #writeField} when
         * {@code write}, else {@link #store}.
         */
        private void inChunks(final MethodVisitor mv, final List<FieldSpec> fields, final String prefix,
                              final String chunkDesc, final int[] argLocals, final boolean write) {
            if (fields.size() <= FIELDS_PER_METHOD) {
                for (int i = 0; i < fields.size(); i++) {
                    emit(mv, fields.get(i), i, write);
                }
                return;
            }
            for (int chunk = 0; chunk * FIELDS_PER_METHOD < fields.size(); chunk++) {
                String chunkName = prefix + "$" + chunk;
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                Type[] arguments = Type.getArgumentTypes(chunkDesc);
                for (int i = 0; i < argLocals.length; i++) {
                    mv.visitVarInsn(arguments[i].getOpcode(Opcodes.ILOAD), argLocals[i]);
                }
                mv.visitMethodInsn(Opcodes.INVOKESPECIAL, info.name, chunkName, chunkDesc, false);
                int from = chunk * FIELDS_PER_METHOD;
                List<FieldSpec> part = fields.subList(from, Math.min(fields.size(), from + FIELDS_PER_METHOD));
                MethodVisitor cv = out.addMethod(Opcodes.ACC_PRIVATE | GENERATED, chunkName, chunkDesc,
                        exceptions(write));
                cv.visitCode();
                for (int i = 0; i < part.size(); i++) {
                    emit(cv, part.get(i), from + i, write);
                }
                cv.visitInsn(Opcodes.RETURN);
                cv.visitMaxs(6, 1 + argLocals.length);
                cv.visitEnd();
            }
        }

        private void emit(final MethodVisitor mv, final FieldSpec f, final int index, final boolean write) {
            if (write) {
                writeField(mv, f, index);
            } else {
                store(mv, f, index);
            }
        }

        /** This level's primitive fields ({@code true}) or reference fields, in stream order. */
        private List<FieldSpec> primitives(final boolean primitive) {
            List<FieldSpec> fields = decision.fields();
            List<FieldSpec> some = new ArrayList<>(fields.size());
            for (FieldSpec f : fields) {
                if (f.isPrimitive() == primitive) {
                    some.add(f);
                }
            }
            return some;
        }

        /** Adds the constant {@code n} to the {@code int} on the stack. */
        private static void add(final MethodVisitor mv, final int n) {
            if (n == 0) {
                return;
            }
            if (n <= Short.MAX_VALUE) {
                mv.visitIntInsn(n <= Byte.MAX_VALUE ? Opcodes.BIPUSH : Opcodes.SIPUSH, n);
            } else {
                mv.visitLdcInsn(n);
            }
            mv.visitInsn(Opcodes.IADD);
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

    private static String[] exceptions(final boolean write) {
        return write ? new String[] {"java/io/IOException"}
                     : new String[] {"java/io/IOException", "java/lang/ClassNotFoundException"};
    }
}
