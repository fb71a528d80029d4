package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;
import dev.serialboost.transformer.kit.MethodRewriter;
import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.List;
import java.util.Map;

/**
 * The engine layer's patch of {@code ObjectOutputStream$BlockDataOutputStream.getUTFLength(String)}, which a stream
 * calls for every string it writes ({@code TC_STRING}, and {@code writeUTF}) before its bytes: JDK 17 and 21 copy the
 * string's characters into a {@code char[]} 256 at a time and test each one, 10% of writing 1,000 business orders
 * per stream (profile, CustomerOrder, JDK 17). JDK 25 counts with {@code ModifiedUtf.utfLen} in {@code
 * writeUTFInternal} and has no {@code getUTFLength}: nothing to patch there.
 *
 * <p>The patch puts before the method's own code {@code long n = StringLengths.utfLength(s); if (n >= 0) return n;}:
 * the runtime counts a string stored one byte per character where it is, eight bytes at a time, and answers -1 for
 * anything else (a null string, one stored two bytes per character, the string's members out of reach), for which
 * the method's own code runs, and throws what it throws. The same length, so the same bytes.
 *
 * <p>Applied only where {@code getUTFLength} has a known fingerprint (17 and 21).
 */
public final class StringLengthsPatch extends JdkPatch {

    private static final String GET_UTF_LENGTH = "getUTFLength(Ljava/lang/String;)J";
    /** Where JDK 25 counts a string's bytes itself. */
    private static final String WRITE_UTF_INTERNAL = "writeUTFInternal(Ljava/lang/String;Z)V";
    private static final String STRING_LENGTHS =
            RuntimeLocation.installedName("dev/serialboost/runtime/engine/StringLengths");

    public StringLengthsPatch() {
        super("string lengths", StringWritesPatch.BLOCK_DATA_OUTPUT_STREAM, List.of(GET_UTF_LENGTH), CALLS_RUNTIME,
                KnownFingerprints.patched(Map.of(
                                "17.0.15", "854b8c1f1adba720",
                                "21.0.8", "854b8c1f1adba720"))
                        .unneededOn(Map.of("25.0.3", "38d0e33436a27d67"))); // counts with ModifiedUtf.utfLen
    }

    /** The fingerprint of {@code getUTFLength}; where there is none (25), of {@code writeUTFInternal}. */
    @Override
    public String fingerprint(final byte[] blockDataOutputStream, final ClassFileSource jdk) {
        String print = Fingerprint.ofMethods(blockDataOutputStream, GET_UTF_LENGTH);
        return print != null ? print : Fingerprint.ofMethods(blockDataOutputStream, WRITE_UTF_INTERNAL);
    }

    @Override
    protected String fingerprinted() {
        return targetName() + ".getUTFLength";
    }

    @Override
    public byte[] change(final byte[] blockDataOutputStream) {
        int[] found = new int[1];
        // maximum stack sizes computed; the one frame added is at the method's own code, the arguments as locals
        byte[] patched = MethodRewriter.rewriteMethods(blockDataOutputStream, ClassWriter.COMPUTE_MAXS,
                (access, name, descriptor, signature, exceptions, next) -> {
                    if (!GET_UTF_LENGTH.equals(name + descriptor) || (access & Opcodes.ACC_STATIC) != 0) {
                        return null;
                    }
                    found[0]++;
                    return new MethodVisitor(Opcodes.ASM9, next) {
                        @Override
                        public void visitCode() {
                            super.visitCode();
                            fastPath(mv);
                        }
                    };
                });
        if (found[0] != 1) {
            throw new IllegalStateException("this JDK's " + targetName()
                    + " has no instance method getUTFLength(String)");
        }
        return patched;
    }

    /**
     * <pre>
     * long n = StringLengths.utfLength(s);   // on the stack only
     * if (n &gt;= 0) return n;
     * </pre>
     */
    private static void fastPath(final MethodVisitor mv) {
        Label own = new Label();
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, STRING_LENGTHS, "utfLength", "(Ljava/lang/String;)J", false);
        mv.visitInsn(Opcodes.DUP2);
        mv.visitInsn(Opcodes.LCONST_0);
        mv.visitInsn(Opcodes.LCMP);
        mv.visitJumpInsn(Opcodes.IFLT, own);
        mv.visitInsn(Opcodes.LRETURN);
        mv.visitLabel(own);
        // the locals are the arguments, as at the start of the method; the -1 on the stack
        mv.visitFrame(Opcodes.F_SAME1, 0, null, 1, new Object[] {Opcodes.LONG});
        mv.visitInsn(Opcodes.POP2);
    }
}
