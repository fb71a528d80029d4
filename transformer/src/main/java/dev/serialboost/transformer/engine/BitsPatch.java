package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;
import dev.serialboost.transformer.kit.MethodRewriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.List;
import java.util.Map;

/**
 * The engine layer's patch of {@code java.io.Bits}, the class through which the stream classes of JDK 17 pack
 * every primitive into their buffers and unpack it again: block-data {@code writeLong}/{@code readInt}/..., the
 * primitive arrays ({@code long[]}, {@code double[]}, ...), and the primitive field values of every serializable
 * object ({@code ObjectStreamClass.getPrimFieldValues}/{@code setPrimFieldValues}). There each value is stored and
 * loaded one byte at a time, eight stores for a {@code long}; JDK 21 and later do the same through
 * {@code jdk.internal.util.ByteArray}, one unaligned big-endian access per value, which is much of why they write
 * and read primitive data faster. This patch gives JDK 17 that access.
 *
 * <p>Each of the eight methods {@code getChar}, {@code getShort}, {@code getInt}, {@code getLong}, {@code putChar},
 * {@code putShort}, {@code putInt}, {@code putLong} gets, before its own code, a fast path: when the array is not
 * null and the value's bytes lie in it, one {@code jdk.internal.misc.Unsafe.get/putXUnaligned(array,
 * ARRAY_BYTE_BASE_OFFSET + off)} in the machine's order, with {@code Long.reverseBytes} and the like on a
 * little-endian machine (the patch is made for the JVM it runs in), and return; else the method's own code runs, so
 * a bad argument fails exactly as it did. The float, double and boolean methods call these (floats and doubles through
 * {@code floatToIntBits}/{@code doubleToLongBits}, as before) and are left alone. The bytes are the same by
 * construction: big-endian, as the byte-wise code writes them. Nothing outside {@code java.base} is called, so the
 * patch needs neither the runtime nor any module change.
 *
 * <p>Applied only to a {@code Bits} whose eight methods have a known fingerprint (the byte-wise code
 * this patch stands for); any other shape is left as it is. JDKs without {@code java.io.Bits} (21 and later) need
 * no patch.
 */
public final class BitsPatch extends JdkPatch {

    public static final String BITS = "java/io/Bits";

    /** The eight methods patched, in the order of their fingerprint. */
    private static final List<String> METHODS = List.of("getChar([BI)C", "getShort([BI)S", "getInt([BI)I",
            "getLong([BI)J", "putChar([BIC)V", "putShort([BIS)V", "putInt([BII)V", "putLong([BIJ)V");

    private static final String UNSAFE = "jdk/internal/misc/Unsafe";
    /** The byte order of this JVM, which the patched class runs in. */
    private static final boolean BIG_ENDIAN =
            java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.BIG_ENDIAN;

    /** One method patched: its name, the type it packs, and that type's size in bytes. */
    private record Access(String name, Type type, int size, boolean put) {
        /** The {@code Unsafe} method: {@code getLongUnaligned(Object, long)} and the like, in native byte order. */
        String unsafeName() {
            String t = type.getClassName();
            return (put ? "put" : "get") + Character.toUpperCase(t.charAt(0)) + t.substring(1) + "Unaligned";
        }

        String unsafeDescriptor() {
            return put ? "(Ljava/lang/Object;J" + type.getDescriptor() + ")V" : "(Ljava/lang/Object;J)"
                    + type.getDescriptor();
        }

        /** {@code Long.reverseBytes(J)J} and the like, which turns native order into big-endian and back. */
        MethodInsnNode reverse() {
            String box = switch (type.getSort()) {
                case Type.CHAR -> "java/lang/Character";
                case Type.SHORT -> "java/lang/Short";
                case Type.INT -> "java/lang/Integer";
                default -> "java/lang/Long";
            };
            return new MethodInsnNode(Opcodes.INVOKESTATIC, box, "reverseBytes",
                    "(" + type.getDescriptor() + ")" + type.getDescriptor(), false);
        }
    }

    /** The eight methods, in the order of {@link #METHODS}. */
    private static final List<Access> ACCESSES = List.of(
            new Access("getChar", Type.CHAR_TYPE, 2, false),
            new Access("getShort", Type.SHORT_TYPE, 2, false),
            new Access("getInt", Type.INT_TYPE, 4, false),
            new Access("getLong", Type.LONG_TYPE, 8, false),
            new Access("putChar", Type.CHAR_TYPE, 2, true),
            new Access("putShort", Type.SHORT_TYPE, 2, true),
            new Access("putInt", Type.INT_TYPE, 4, true),
            new Access("putLong", Type.LONG_TYPE, 8, true));

    public BitsPatch() {
        super("primitives", BITS, METHODS, JDK_ONLY, KnownFingerprints.patched(Map.of(
                        "17.0.15", "222e7e065f26157d")) // the byte-wise big-endian code
                .absentFrom("21.0.8", "25.0.3")); // their stream classes pack primitives without it
    }

    /** The fingerprint of the eight methods; null when one of them is missing or not static. */
    @Override
    public String fingerprint(final byte[] bits, final ClassFileSource jdk) {
        return Fingerprint.ofStaticMethods(bits, METHODS.toArray(new String[0]));
    }

    @Override
    public byte[] change(final byte[] bits) {
        return patched(bits);
    }

    private static byte[] patched(final byte[] bits) {
        return MethodRewriter.rewriteMethods(bits, 0, (access, name, descriptor, signature, exceptions, next) -> {
            int which = find(access, name, descriptor);
            if (which < 0) {
                return null;
            }
            Access target = ACCESSES.get(which);
            return new MethodNode(Opcodes.ASM9, access, name, descriptor, signature, exceptions) {
                @Override
                public void visitEnd() {
                    instructions.insert(fastPath(target));
                    maxStack = Math.max(maxStack, 7);
                    accept(next);
                }
            };
        });
    }

    /**
     * {@code if (b != null && off >= 0 && off <= b.length - size) return/do Unsafe.xUnaligned(...);} then a frame
     * equal to the method's first one, where its own code starts.
     */
    private static InsnList fastPath(final Access a) {
        LabelNode own = new LabelNode(new Label());
        InsnList code = new InsnList();
        code.add(new VarInsnNode(Opcodes.ALOAD, 0));
        code.add(new JumpInsnNode(Opcodes.IFNULL, own));
        code.add(new VarInsnNode(Opcodes.ILOAD, 1));
        code.add(new JumpInsnNode(Opcodes.IFLT, own));
        code.add(new VarInsnNode(Opcodes.ILOAD, 1));
        code.add(new VarInsnNode(Opcodes.ALOAD, 0));
        code.add(new InsnNode(Opcodes.ARRAYLENGTH));
        code.add(new IntInsnNode(Opcodes.BIPUSH, a.size()));
        code.add(new InsnNode(Opcodes.ISUB));
        code.add(new JumpInsnNode(Opcodes.IF_ICMPGT, own));
        code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, UNSAFE, "getUnsafe", "()L" + UNSAFE + ";", false));
        code.add(new VarInsnNode(Opcodes.ALOAD, 0));
        code.add(new FieldInsnNode(Opcodes.GETSTATIC, UNSAFE, "ARRAY_BYTE_BASE_OFFSET", "I"));
        code.add(new InsnNode(Opcodes.I2L));
        code.add(new VarInsnNode(Opcodes.ILOAD, 1));
        code.add(new InsnNode(Opcodes.I2L));
        code.add(new InsnNode(Opcodes.LADD));
        // native order, swapped here on a little-endian machine: one call below this method fewer than the
        // big-endian variant of the Unsafe method makes, so the deepest stack an interpreted stream reaches is no
        // deeper than the byte-wise code's
        if (a.put()) {
            code.add(new VarInsnNode(a.type().getOpcode(Opcodes.ILOAD), 2));
            if (!BIG_ENDIAN) {
                code.add(a.reverse());
            }
        }
        code.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, UNSAFE, a.unsafeName(), a.unsafeDescriptor(), false));
        if (!a.put() && !BIG_ENDIAN) {
            code.add(a.reverse());
        }
        code.add(new InsnNode(a.put() ? Opcodes.RETURN : a.type().getOpcode(Opcodes.IRETURN)));
        code.add(own);
        // the locals are the arguments, as at the start of the method; no frame came before this one
        code.add(new FrameNode(Opcodes.F_SAME, 0, null, 0, null));
        return code;
    }

    /** The index in {@link #METHODS} (and {@link #ACCESSES}) of a static method, or -1. */
    private static int find(final int access, final String name, final String descriptor) {
        return (access & Opcodes.ACC_STATIC) == 0 ? -1 : METHODS.indexOf(name + descriptor);
    }
}
