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
 * The engine layer's patch of {@code ObjectInputStream$BlockDataInputStream.readUTFBody(long)}, which reads the
 * modified UTF-8 of every string of a stream: each {@code String} object ({@code TC_STRING}, read outside block
 * data), each class and field name of a descriptor. Outside block data the JDK reads the string's bytes into the
 * stream's buffer (at most {@code buf.length}, 1,024, at a time) and decodes them one byte at a time through a
 * {@code char[]} into a {@code StringBuilder}, which it then copies into the string; JDK 25 skips that only for
 * strings inside block data. For the short names and values most objects carry, that is a good part of the reading
 * time (profile of 1,000 Employee objects per stream, JDK 17: 15%).
 *
 * <p>The patch puts before the method's own code, for a string outside block data of 1 to {@code buf.length} bytes,
 * what the method does for it, and returns: {@code pos = 0; end = n; in.readFully(buf, 0, n)}, the same read of the
 * same bytes, then {@code dev.serialboost.runtime.engine.StringReads.decode(buf, n)}, which makes the string
 * directly from the bytes (an ASCII string with one copy), and {@code pos = n}. Bytes that are not modified UTF-8
 * throw what the JDK's decoding throws, a {@code UTFDataFormatException} without a message, with {@code pos} where the
 * JDK leaves it ({@code StringReads.malformedAt}). Anything else (block data, the empty string, longer strings) runs
 * the method's own code.
 *
 * <p>Applied only where {@code readUTFBody} and {@code readUTFSpan} have a known fingerprint (the code
 * this patch and {@code StringReads.decode} stand for).
 */
public final class StringReadsPatch extends JdkPatch {

    public static final String BLOCK_DATA_INPUT_STREAM = "java/io/ObjectInputStream$BlockDataInputStream";

    private static final String READ_UTF_BODY = "readUTFBody(J)Ljava/lang/String;";
    /** The method {@code readUTFBody} decodes with: its signature changed after 17. */
    private static final List<String> SPANS = List.of("readUTFSpan(Ljava/lang/StringBuilder;J)J", "readUTFSpan(IJ)I");

    private static final String PEEK_INPUT_STREAM = "java/io/ObjectInputStream$PeekInputStream";
    private static final String STRING_READS =
            RuntimeLocation.installedName("dev/serialboost/runtime/engine/StringReads");

    public StringReadsPatch() {
        super("reading strings", BLOCK_DATA_INPUT_STREAM, List.of(READ_UTF_BODY), CALLS_RUNTIME,
                KnownFingerprints.patched(Map.of(
                        "17.0.15", "1ac67192e3ebefb9",
                        "21.0.8", "1ac67192e3ebefb9",
                        // an ASCII shortcut for strings inside block data; outside, as 17
                        "25.0.3", "c510410576119659")));
    }

    /** The fingerprint of the stream's {@code readUTFBody} and {@code readUTFSpan}; null when one is missing. */
    @Override
    public String fingerprint(final byte[] blockDataInputStream, final ClassFileSource jdk) {
        for (String span : SPANS) {
            String print = Fingerprint.ofMethods(blockDataInputStream, READ_UTF_BODY, span);
            if (print != null) {
                return print;
            }
        }
        return null;
    }

    @Override
    protected String fingerprinted() {
        return targetName() + ".readUTFBody";
    }

    @Override
    public byte[] change(final byte[] blockDataInputStream) {
        return patched(blockDataInputStream);
    }

    private static byte[] patched(final byte[] blockDataInputStream) {
        // maximum stack sizes computed; the one frame added is the method's first, at its own code
        return MethodRewriter.rewriteMethods(blockDataInputStream, ClassWriter.COMPUTE_MAXS,
                (access, name, descriptor, signature, exceptions, next) -> {
                    if (!READ_UTF_BODY.equals(name + descriptor) || (access & Opcodes.ACC_STATIC) != 0) {
                        return null;
                    }
                    return new MethodVisitor(Opcodes.ASM9, next) {
                        @Override
                        public void visitCode() {
                            super.visitCode();
                            fastPath(mv);
                        }
                    };
                });
    }

    /**
     * <pre>
     * if (!blkmode &amp;&amp; utflen &gt; 0 &amp;&amp; utflen &lt;= buf.length) {
     *     int n = (int) utflen;            // never in a local: (int) utflen each time
     *     pos = 0; end = n; in.readFully(buf, 0, n);
     *     String s = StringReads.decode(buf, n);
     *     if (s != null) { pos = n; return s; }
     *     pos = StringReads.malformedAt(buf, n);
     *     throw new UTFDataFormatException();
     * }
     * </pre>
     */
    private static void fastPath(final MethodVisitor mv) {
        Label own = new Label();
        Label malformed = new Label();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitFieldInsn(Opcodes.GETFIELD, BLOCK_DATA_INPUT_STREAM, "blkmode", "Z");
        mv.visitJumpInsn(Opcodes.IFNE, own);
        mv.visitVarInsn(Opcodes.LLOAD, 1);
        mv.visitInsn(Opcodes.LCONST_0);
        mv.visitInsn(Opcodes.LCMP);
        mv.visitJumpInsn(Opcodes.IFLE, own);
        mv.visitVarInsn(Opcodes.LLOAD, 1);
        loadBuf(mv);
        mv.visitInsn(Opcodes.ARRAYLENGTH);
        mv.visitInsn(Opcodes.I2L);
        mv.visitInsn(Opcodes.LCMP);
        mv.visitJumpInsn(Opcodes.IFGT, own);
        // pos = 0; end = n
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitFieldInsn(Opcodes.PUTFIELD, BLOCK_DATA_INPUT_STREAM, "pos", "I");
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        loadLength(mv);
        mv.visitFieldInsn(Opcodes.PUTFIELD, BLOCK_DATA_INPUT_STREAM, "end", "I");
        // in.readFully(buf, 0, n)
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitFieldInsn(Opcodes.GETFIELD, BLOCK_DATA_INPUT_STREAM, "in", "L" + PEEK_INPUT_STREAM + ";");
        loadBuf(mv);
        mv.visitInsn(Opcodes.ICONST_0);
        loadLength(mv);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, PEEK_INPUT_STREAM, "readFully", "([BII)V", false);
        // String s = StringReads.decode(buf, n); if (s != null) { pos = n; return s; }
        loadBuf(mv);
        loadLength(mv);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, STRING_READS, "decode", "([BI)Ljava/lang/String;", false);
        mv.visitInsn(Opcodes.DUP);
        mv.visitJumpInsn(Opcodes.IFNULL, malformed);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        loadLength(mv);
        mv.visitFieldInsn(Opcodes.PUTFIELD, BLOCK_DATA_INPUT_STREAM, "pos", "I");
        mv.visitInsn(Opcodes.ARETURN);
        // pos = StringReads.malformedAt(buf, n); throw new UTFDataFormatException()
        mv.visitLabel(malformed);
        // the locals are the arguments, as at the start of the method; the null on the stack
        mv.visitFrame(Opcodes.F_SAME1, 0, null, 1, new Object[] {"java/lang/String"});
        mv.visitInsn(Opcodes.POP);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        loadBuf(mv);
        loadLength(mv);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, STRING_READS, "malformedAt", "([BI)I", false);
        mv.visitFieldInsn(Opcodes.PUTFIELD, BLOCK_DATA_INPUT_STREAM, "pos", "I");
        mv.visitTypeInsn(Opcodes.NEW, "java/io/UTFDataFormatException");
        mv.visitInsn(Opcodes.DUP);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/io/UTFDataFormatException", "<init>", "()V", false);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitLabel(own);
        // the method's own code, with the arguments as locals and nothing on the stack
        mv.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
    }

    private static void loadBuf(final MethodVisitor mv) {
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitFieldInsn(Opcodes.GETFIELD, BLOCK_DATA_INPUT_STREAM, "buf", "[B");
    }

    private static void loadLength(final MethodVisitor mv) {
        mv.visitVarInsn(Opcodes.LLOAD, 1);
        mv.visitInsn(Opcodes.L2I);
    }
}
