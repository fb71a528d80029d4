package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;
import dev.serialboost.transformer.kit.MethodRewriter;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.List;
import java.util.Map;

/**
 * The engine layer's patch of {@code ObjectOutputStream$HandleTable}, the identity hash table in which a stream
 * looks up every object it writes (is it written already? then a back-reference) and enters each new one. The JDK
 * creates it with a load factor of 3: its buckets hold three entries on average before the table grows, and a lookup
 * of an object not yet written (most lookups of a long stream) walks the whole chain, one dependent memory load per
 * entry. In a stream of many objects (a journal, an RMI batch, a session of thousands of attributes) that walk is a
 * quarter of the writing time (profile of 1,000 Employee objects per stream, JDK 17).
 *
 * <p>The patch changes how a large table grows, in {@code growSpine()}, which allocates the new buckets ({@code
 * (spine.length << 1) + 1}) and sets the size at which the table grows next from their number and {@code
 * this.loadFactor}. A table grows exactly as the JDK's does until it holds {@link #SMALL_TABLE} entries (the graph of
 * one object per stream, the RMI/cache/session case, is left as it was). From then on its load factor is {@link
 * #MAX_LOAD_FACTOR} instead of the JDK's 3, and each growth quadruples its buckets instead of doubling them ({@code <<
 * (1 + large)}): it grows when it holds as many entries as buckets, to a quarter full. Each growth re-enters every
 * entry, so quadrupling re-enters about a third as many as doubling would (an earlier version of this patch doubled,
 * and at {@link #SMALL_TABLE} entries grew twice in a row: a 200-node chain in one stream, 400 handles, was written
 * about 10% slower than without the agent; the growth of the table of 1,000 business orders per stream was 7% of the
 * round trip). Both changes are arithmetic on {@code size}, without branches, so the method's stack map frames stay
 * the JDK's. Nothing observable changes: handles are numbered in the order objects are entered whatever the buckets,
 * so the bytes written are the same; a large table of {@code n} entries holds up to about {@code 4n} {@code int}s of
 * buckets where the JDK's holds {@code n / 3} to {@code 2n / 3} (next to the {@code 2n} words of its entries).
 * Nothing outside {@code java.base} is called.
 *
 * <p>And in {@code lookup} and {@code insert}, an object's bucket, {@code hash(obj) % spine.length}, becomes
 * {@code (int) ((long) hash(obj) * spine.length >>> 31)}: the same spread over the buckets (the identity hash is 31
 * random bits, {@code hash} masks the sign), without an integer division, two of which every new object of a long
 * stream paid. The buckets objects fall in change, nothing else.
 *
 * <p>Applied only where {@code growSpine}, {@code assign}, {@code lookup} and {@code insert} have a
 * known fingerprint; any other shape is left as it is.
 */
public final class HandleTablePatch extends JdkPatch {

    public static final String HANDLE_TABLE = "java/io/ObjectOutputStream$HandleTable";
    /** The highest load factor a large table keeps. */
    public static final float MAX_LOAD_FACTOR = 1.0f;
    /** The number of entries up to which a table grows as the JDK's does. */
    public static final float SMALL_TABLE = 256.0f;

    private static final String GROW_SPINE = "growSpine()V";
    private static final String LOOKUP = "lookup(Ljava/lang/Object;)I";
    private static final String INSERT = "insert(Ljava/lang/Object;I)V";
    /** The methods the fingerprint covers: those changed, and {@code assign}, which calls them. */
    private static final String[] FINGERPRINTED = {GROW_SPINE, "assign(Ljava/lang/Object;)I", LOOKUP, INSERT};

    /** The methods that take an object's bucket, {@code hash(obj) % spine.length}. */
    private static final List<String> BUCKETS = List.of(LOOKUP, INSERT);

    public HandleTablePatch() {
        super("back-reference lookups", HANDLE_TABLE, List.of(GROW_SPINE, LOOKUP, INSERT), JDK_ONLY,
                KnownFingerprints.patched(Map.of(
                        "17.0.15", "d26a5f21e7038362",
                        "21.0.8", "d26a5f21e7038362",
                        "25.0.3", "d26a5f21e7038362")));
    }

    /** The fingerprint of the table's {@code growSpine}, {@code assign}, {@code lookup} and {@code insert}. */
    @Override
    public String fingerprint(final byte[] handleTable, final ClassFileSource jdk) {
        return Fingerprint.ofMethods(handleTable, FINGERPRINTED);
    }

    @Override
    public byte[] change(final byte[] handleTable) {
        return patched(handleTable);
    }

    private static byte[] patched(final byte[] handleTable) {
        int[] capped = new int[1];
        int[] shifts = new int[1];
        int[] divisions = new int[1];
        // maximum stack sizes computed (more slots in growSpine, lookup, insert); frames are the class file's
        byte[] patched = MethodRewriter.rewriteMethods(handleTable, ClassWriter.COMPUTE_MAXS,
                (access, name, descriptor, signature, exceptions, next) -> {
                    if (BUCKETS.contains(name + descriptor)) {
                        return new MethodVisitor(Opcodes.ASM9, next) {
                            @Override
                            public void visitInsn(final int opcode) {
                                if (opcode != Opcodes.IREM) {
                                    super.visitInsn(opcode);
                                    return;
                                }
                                // hash % spine.length -> (int) ((long) hash * spine.length >>> 31): the hash
                                // is 31 bits (hash() masks it), so the bucket is in [0, spine.length), without
                                // a division
                                divisions[0]++;
                                super.visitInsn(Opcodes.SWAP);
                                super.visitInsn(Opcodes.I2L);
                                super.visitInsn(Opcodes.DUP2_X1);
                                super.visitInsn(Opcodes.POP2);
                                super.visitInsn(Opcodes.I2L);
                                super.visitInsn(Opcodes.LMUL);
                                super.visitIntInsn(Opcodes.BIPUSH, 31);
                                super.visitInsn(Opcodes.LUSHR);
                                super.visitInsn(Opcodes.L2I);
                            }
                        };
                    }
                    if (!GROW_SPINE.equals(name + descriptor)) {
                        return null;
                    }
                    return new MethodVisitor(Opcodes.ASM9, next) {
                        @Override
                        public void visitInsn(final int opcode) {
                            if (opcode == Opcodes.ISHL) {
                                // (spine.length << 1) + 1 -> (spine.length << (1 + large)) + 1, where large is 1
                                // when the table holds SMALL_TABLE entries or more ((SMALL - 1 - size) >>> 31): a
                                // large table quadruples its buckets as it grows
                                shifts[0]++;
                                super.visitInsn(Opcodes.POP);
                                super.visitInsn(Opcodes.ICONST_1);
                                super.visitIntInsn(Opcodes.SIPUSH, (int) SMALL_TABLE - 1);
                                size(this);
                                super.visitInsn(Opcodes.ISUB);
                                super.visitIntInsn(Opcodes.BIPUSH, 31);
                                super.visitInsn(Opcodes.IUSHR);
                                super.visitInsn(Opcodes.IADD);
                            }
                            super.visitInsn(opcode);
                        }

                        @Override
                        public void visitFieldInsn(final int opcode, final String owner, final String field,
                                                   final String fieldDescriptor) {
                            super.visitFieldInsn(opcode, owner, field, fieldDescriptor);
                            if (opcode == Opcodes.GETFIELD && owner.equals(HANDLE_TABLE)
                                    && field.equals("loadFactor")) {
                                capped[0]++;
                                // loadFactor -> Math.max(MAX_LOAD, Math.min(loadFactor, loadFactor * small)), where
                                // small = SMALL_TABLE / (size + 1) is 0 once the table holds SMALL_TABLE entries
                                super.visitInsn(Opcodes.DUP);
                                super.visitIntInsn(Opcodes.SIPUSH, (int) SMALL_TABLE);
                                size(this);
                                super.visitInsn(Opcodes.ICONST_1);
                                super.visitInsn(Opcodes.IADD);
                                super.visitInsn(Opcodes.IDIV);
                                super.visitInsn(Opcodes.I2F);
                                super.visitInsn(Opcodes.FMUL);
                                super.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Math", "min", "(FF)F",
                                        false);
                                super.visitLdcInsn(MAX_LOAD_FACTOR);
                                super.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Math", "max", "(FF)F",
                                        false);
                            }
                        }
                    };
                });
        if (divisions[0] != 2) {
            throw new IllegalStateException("this JDK's " + HANDLE_TABLE.replace('/', '.') + " takes a bucket by"
                    + " division " + divisions[0] + " times in lookup and insert (expected twice)");
        }
        if (shifts[0] != 1) {
            throw new IllegalStateException("this JDK's " + HANDLE_TABLE.replace('/', '.') + ".growSpine shifts its"
                    + " bucket count " + shifts[0] + " times (expected once)");
        }
        if (capped[0] != 1) {
            throw new IllegalStateException("this JDK's " + HANDLE_TABLE.replace('/', '.') + ".growSpine reads its"
                    + " load factor " + capped[0] + " times (expected once)");
        }
        return patched;
    }

    /** Pushes {@code this.size}, the number of entries, onto {@code mv}'s stack. */
    private static void size(final MethodVisitor mv) {
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitFieldInsn(Opcodes.GETFIELD, HANDLE_TABLE, "size", "I");
    }
}
