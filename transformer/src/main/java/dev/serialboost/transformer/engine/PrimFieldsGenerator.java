package dev.serialboost.transformer.engine;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Generates the engine layer's straight-line copy of one {@code ObjectStreamClass$FieldReflector}'s primitive fields: a
 * subclass of {@code dev.serialboost.runtime.engine.PrimFields} whose {@code get(Object, byte[])} and {@code
 * set(Object, byte[])} do, field by field with the reflector's own keys and offsets as constants, what the reflector's
 * {@code getPrimFieldValues} and {@code setPrimFieldValues} do in a loop with a type switch per field: the same {@code
 * jdk.internal.misc.Unsafe} field accesses, and the same big-endian bytes, each value stored or loaded at once ({@code
 * put/getXUnaligned} and a byte swap) as JDK 21 and later do through {@code ByteArray}. Floats and doubles go through
 * {@code floatToIntBits}/{@code doubleToLongBits} one way and {@code intBitsToFloat}/ {@code longBitsToDouble} the
 * other, booleans are stored as 0 or 1 and read as "not 0", exactly as the reflector does. Fields whose write key is
 * the reflector's "discard" key are read past, as there; fields without a read key (only a stream descriptor has them,
 * and it is never written from) are left out of {@code get}, which the runtime then does not call.
 *
 * <p>The methods have no branch (so no stack map frames) and no check: the runtime calls them only with a non-null
 * object and an array long enough for every field, and leaves the copy to the reflector otherwise. Pure: numbers in,
 * class bytes out; the runtime defines the class as a hidden class in its own package.
 */
public final class PrimFieldsGenerator {

    /** The most primitive fields one generated class copies; a wider class keeps the reflector's loop. */
    public static final int MAX_FIELDS = 512;

    private static final String UNSAFE = "jdk/internal/misc/Unsafe";
    private static final String UNSAFE_DESC = "L" + UNSAFE + ";";
    /** {@code Unsafe.INVALID_FIELD_OFFSET}. */
    private static final long INVALID = -1L;

    private PrimFieldsGenerator() {
    }

    /**
     * {@link #generate(String, long, long[], long[], int[], char[], int)} with its arguments in one array, in that
     * order: as the runtime's {@code FieldAccess.generator} is handed them.
     */
    public static byte[] generate(final Object[] args) {
        return generate((String) args[0], (Long) args[1], (long[]) args[2], (long[]) args[3], (int[]) args[4],
                (char[]) args[5], (Integer) args[6]);
    }

    /**
     * The class file, or null when these fields are not ones it copies (too many, a type code it does not know, a
     * read key the reflector would not use).
     *
     * @param superName      the runtime's {@code PrimFields}, by its internal name where it is (installed, or on a
     *                       class path for the runtime's tests): the class's superclass, and its name with {@code
     *                       $Copy} appended
     * @param byteArrayBase  {@code Unsafe.ARRAY_BYTE_BASE_OFFSET} of the running JVM
     * @param readKeys       the reflector's {@code readKeys}
     * @param writeKeys      the reflector's {@code writeKeys}
     * @param offsets        the reflector's {@code offsets}
     * @param typeCodes      the reflector's {@code typeCodes}
     * @param numPrimFields  the reflector's {@code numPrimFields}: the first so many fields are the primitive ones
     */
    public static byte[] generate(final String superName, final long byteArrayBase, final long[] readKeys,
                                  final long[] writeKeys, final int[] offsets, final char[] typeCodes,
                                  final int numPrimFields) {
        if (numPrimFields <= 0 || numPrimFields > MAX_FIELDS || numPrimFields > readKeys.length
                || numPrimFields > writeKeys.length || numPrimFields > offsets.length
                || numPrimFields > typeCodes.length) {
            return null;
        }
        for (int i = 0; i < numPrimFields; i++) {
            if (size(typeCodes[i]) == 0 || offsets[i] < 0) {
                return null;
            }
        }
        String internalName = superName + "$Copy";
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC, internalName, null,
                superName, null);
        MethodVisitor init = cw.visitMethod(0, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, superName, "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();

        MethodVisitor get = cw.visitMethod(Opcodes.ACC_PUBLIC, "get", "(Ljava/lang/Object;[B)V", null, null);
        get.visitCode();
        for (int i = 0; i < numPrimFields; i++) {
            // a field the class lacks (a stream descriptor's): the runtime never calls get() for such a reflector
            if (readKeys[i] != INVALID) {
                copyOut(get, typeCodes[i], readKeys[i], byteArrayBase + offsets[i], offsets[i]);
            }
        }
        get.visitInsn(Opcodes.RETURN);
        get.visitMaxs(0, 0);
        get.visitEnd();

        MethodVisitor set = cw.visitMethod(Opcodes.ACC_PUBLIC, "set", "(Ljava/lang/Object;[B)V", null, null);
        set.visitCode();
        for (int i = 0; i < numPrimFields; i++) {
            if (writeKeys[i] != INVALID) {
                copyIn(set, typeCodes[i], writeKeys[i], byteArrayBase + offsets[i], offsets[i]);
            }
        }
        set.visitInsn(Opcodes.RETURN);
        set.visitMaxs(0, 0);
        set.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** {@code buf[off..] = value of the field at key in obj} (locals: 1 obj, 2 buf). */
    private static void copyOut(final MethodVisitor mv, final char type, final long key, final long address,
                                final int off) {
        if (type == 'Z' || type == 'B') {
            mv.visitVarInsn(Opcodes.ALOAD, 2);
            mv.visitLdcInsn(off);
            unsafeField(mv, key);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, UNSAFE, type == 'Z' ? "getBoolean" : "getByte",
                    "(Ljava/lang/Object;J)" + type, false);
            if (type == 'Z') {
                notZero(mv);
            }
            mv.visitInsn(Opcodes.BASTORE);
            return;
        }
        unsafe(mv);
        mv.visitVarInsn(Opcodes.ALOAD, 2);
        mv.visitLdcInsn(address);
        unsafeField(mv, key);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, UNSAFE, "get" + name(type), "(Ljava/lang/Object;J)" + type, false);
        if (type == 'F') {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Float", "floatToIntBits", "(F)I", false);
        } else if (type == 'D') {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Double", "doubleToLongBits", "(D)J", false);
        }
        char stored = bits(type);
        bigEndian(mv, stored);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, UNSAFE, "put" + name(stored) + "Unaligned",
                "(Ljava/lang/Object;J" + stored + ")V", false);
    }

    /** {@code field at key in obj = value at buf[off..]} (locals: 1 obj, 2 buf). */
    private static void copyIn(final MethodVisitor mv, final char type, final long key, final long address,
                               final int off) {
        unsafeField(mv, key);
        if (type == 'Z' || type == 'B') {
            mv.visitVarInsn(Opcodes.ALOAD, 2);
            mv.visitLdcInsn(off);
            mv.visitInsn(Opcodes.BALOAD);
            if (type == 'Z') {
                notZero(mv);
            }
        } else {
            char stored = bits(type);
            unsafe(mv);
            mv.visitVarInsn(Opcodes.ALOAD, 2);
            mv.visitLdcInsn(address);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, UNSAFE, "get" + name(stored) + "Unaligned",
                    "(Ljava/lang/Object;J)" + stored, false);
            bigEndian(mv, stored);
            if (type == 'F') {
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Float", "intBitsToFloat", "(I)F", false);
            } else if (type == 'D') {
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Double", "longBitsToDouble", "(J)D", false);
            }
        }
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, UNSAFE, "put" + name(type), "(Ljava/lang/Object;J" + type + ")V",
                false);
    }

    /** Pushes {@code Unsafe.getUnsafe(), obj, key}: the receiver and the first two arguments of a field access. */
    private static void unsafeField(final MethodVisitor mv, final long key) {
        unsafe(mv);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitLdcInsn(key);
    }

    private static void unsafe(final MethodVisitor mv) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, UNSAFE, "getUnsafe", "()" + UNSAFE_DESC, false);
    }

    /** {@code x -> x != 0 ? 1 : 0} without a branch: {@code (x | -x) >>> 31}. */
    private static void notZero(final MethodVisitor mv) {
        mv.visitInsn(Opcodes.DUP);
        mv.visitInsn(Opcodes.INEG);
        mv.visitInsn(Opcodes.IOR);
        mv.visitIntInsn(Opcodes.BIPUSH, 31);
        mv.visitInsn(Opcodes.IUSHR);
    }

    /**
     * Turns a value of the machine's byte order into big-endian or back ({@code Long.reverseBytes} and the like, on
     * a little-endian machine: the class is generated for the JVM it runs in). Swapping here rather than calling the
     * big-endian variant of the {@code Unsafe} method keeps one call fewer below the generated method, so an
     * interpreted stream nests no deeper than the reflector's loop does.
     */
    private static void bigEndian(final MethodVisitor mv, final char type) {
        if (java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.BIG_ENDIAN || type == 'Z' || type == 'B') {
            return;
        }
        String owner = switch (type) {
            case 'C' -> "java/lang/Character";
            case 'S' -> "java/lang/Short";
            case 'I' -> "java/lang/Integer";
            default -> "java/lang/Long";
        };
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, owner, "reverseBytes", "(" + type + ")" + type, false);
    }

    /** The type whose bits a value is stored as: floats as ints, doubles as longs. */
    private static char bits(final char type) {
        return type == 'F' ? 'I' : type == 'D' ? 'J' : type;
    }

    private static String name(final char type) {
        return switch (type) {
            case 'Z' -> "Boolean";
            case 'B' -> "Byte";
            case 'C' -> "Char";
            case 'S' -> "Short";
            case 'I' -> "Int";
            case 'F' -> "Float";
            case 'J' -> "Long";
            case 'D' -> "Double";
            default -> throw new IllegalStateException("no primitive type code " + type);
        };
    }

    private static int size(final char type) {
        return switch (type) {
            case 'Z', 'B' -> 1;
            case 'C', 'S' -> 2;
            case 'I', 'F' -> 4;
            case 'J', 'D' -> 8;
            default -> 0;
        };
    }
}
