package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;
import dev.serialboost.transformer.kit.MethodRewriter;
import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.List;

/**
 * The patch the agent's {@code filter} setting makes, and only it (it is not one of the engine's): {@code
 * ObjectInputFilter$Config}'s static initializer, which sets the JVM-wide filter and filter factory up from {@code
 * jdk.serialFilter} and {@code jdk.serialFilterFactory}, calls {@code SerialFilters.configured()} before it returns,
 * which installs the file's pattern then, merged with what the JDK just configured. Hooked there, not done at
 * start-up, so that {@code Config} initializes (reads its properties, starts its logger) when it would without the
 * agent. Checked by shape: the initializer has exactly one {@code return}, on every tested JDK (17, 21, 25); what
 * the runtime reads and writes, {@code serialFilter} and {@code serialFilterFactory}, its holder checks.
 */
public final class FilterConfigPatch extends JdkPatch {

    public static final String CONFIG = "java/io/ObjectInputFilter$Config";

    private static final String SERIAL_FILTERS =
            RuntimeLocation.installedName("dev/serialboost/runtime/engine/SerialFilters");

    public FilterConfigPatch() {
        super("filter", CONFIG, List.of("<clinit>()V"), CALLS_RUNTIME, KnownFingerprints.NONE);
    }

    @Override
    public byte[] change(final byte[] config) {
        int[] returns = new int[1];
        byte[] patched = MethodRewriter.rewriteMethods(config, ClassWriter.COMPUTE_MAXS,
                (access, name, descriptor, signature, exceptions, next) -> {
                    if (!"<clinit>".equals(name)) {
                        return null;
                    }
                    return new MethodVisitor(Opcodes.ASM9, next) {
                        @Override
                        public void visitInsn(final int opcode) {
                            if (opcode == Opcodes.RETURN) {
                                returns[0]++;
                                super.visitMethodInsn(Opcodes.INVOKESTATIC, SERIAL_FILTERS, "configured", "()V",
                                        false);
                            }
                            super.visitInsn(opcode);
                        }

                        @Override
                        public void visitMethodInsn(final int opcode, final String owner, final String method,
                                                    final String desc, final boolean itf) {
                            if (SERIAL_FILTERS.equals(owner)) {
                                returns[0] = -1000; // patched already
                            }
                            super.visitMethodInsn(opcode, owner, method, desc, itf);
                        }
                    };
                });
        if (returns[0] != 1) {
            throw new IllegalStateException("this JDK's java.io.ObjectInputFilter$Config is not the shape serialboost"
                    + " knows (its static initializer " + (returns[0] < 0 ? "calls serialboost already"
                    : "has " + returns[0] + " returns; expected 1") + ")");
        }
        return patched;
    }
}
