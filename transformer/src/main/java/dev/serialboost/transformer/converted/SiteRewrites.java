package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import static dev.serialboost.transformer.converted.ConvertedFormatPatches.OBJECT_INPUT_STREAM;
import static dev.serialboost.transformer.converted.ConvertedFormatPatches.OBJECT_OUTPUT_STREAM;
import static dev.serialboost.transformer.converted.ConvertedFormatPatches.OBJECT_STREAM_CLASS;

/**
 * What the converted format's patches put in place of each {@link StreamSite}'s instruction: a call of the runtime's
 * hook ({@code dev.serialboost.runtime.converted.ConvertedFormat}) around or instead of it, or, for the calls of
 * {@code writeExternal}/{@code readExternal}, a loop ({@link ExternalDataLoops}).
 */
final class SiteRewrites {

    /** The runtime's hooks, as installed. */
    static final String HOOKS = RuntimeLocation.installedName("dev/serialboost/runtime/converted/ConvertedFormat");
    static final String LOOKUP = "lookup";
    static final String LOOKUP_DESC = "(Ljava/lang/Class;Z)" + StreamSite.OSC_DESC;
    static final String WRITE_EXTERNAL = "writeExternal";
    static final String READ_EXTERNAL = "readExternal";
    static final String PROTOCOL = "protocol";
    static final String SKIP_CUSTOM_DATA = "skipCustomData";
    static final String OBJECT = "java/lang/Object";
    private static final String OSC_DESC = StreamSite.OSC_DESC;

    private SiteRewrites() {
    }

    /** Emits the replacement of the instruction at {@code site} (the instruction itself was not passed on). */
    static void rewrite(final StreamSite site, final MethodVisitor mv, final SiteFinder finder) {
        switch (site) {
            case INIT_NON_PROXY_LOOKUP -> {
                finder.pushes(2); // two more arguments on top of lookup's result
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, OBJECT_STREAM_CLASS, LOOKUP, LOOKUP_DESC, false);
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitVarInsn(Opcodes.ALOAD, 2);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "localDescriptor",
                        "(" + OSC_DESC + OSC_DESC + "Ljava/lang/Class;)" + OSC_DESC, false);
            }
            case CONSTRUCTOR_TEST -> {
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Class", "isAssignableFrom",
                        "(Ljava/lang/Class;)Z", false);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "externalizableView", "(Z)Z", false);
            }
            case WRITE_LOOKUP, WRITE_CLASS_LOOKUP -> {
                mv.visitVarInsn(Opcodes.ALOAD, 0); // the stream: lookupForWrite(cl, all, this)
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "lookupForWrite",
                        "(Ljava/lang/Class;ZL" + OBJECT_OUTPUT_STREAM + ";)" + OSC_DESC, false);
                finder.pushes(2);
            }
            case DESCRIPTOR_PROTOCOL -> {
                // on the stack: out; writeNonProxy(ObjectOutputStream out) is an instance method of the descriptor
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, OBJECT_OUTPUT_STREAM, "getProtocolVersion", "()I", false);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "descriptorProtocol", "(I" + OSC_DESC + ")I", false);
                finder.pushes(2);
            }
            case DATA_PROTOCOL -> {
                // on the stack: this; writeExternalData(Externalizable obj)
                mv.visitFieldInsn(Opcodes.GETFIELD, OBJECT_OUTPUT_STREAM, PROTOCOL, "I");
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "dataProtocol", "(ILjava/lang/Object;)I", false);
                finder.pushes(2);
            }
            case READ_BLOCKED -> {
                // on the stack: desc; readExternalData(Externalizable obj, ObjectStreamClass desc)
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "blockedOrSkipped",
                        "(" + OSC_DESC + "Ljava/lang/Object;L" + OBJECT_INPUT_STREAM + ";)Z", false);
                finder.pushes(2);
            }
            case WRITE_CAST, READ_CAST -> {
                // dropped: the value goes on as the object it is
            }
            case DEFAULT_WRITE_ENTRY -> ExternalDataLoops.defaultWriteLoop(mv, finder);
            case DEFAULT_READ_ENTRY -> ExternalDataLoops.defaultReadLoop(mv, finder);
            case READ_RECORD_ENTRY -> {
                // Object r = ConvertedFormat.readRecord(this, desc); if (r != ConvertedFormat.NOT_CONVERTED) return r;
                // (converted data of a class that is a record here), else on to the JDK's code
                finder.uses(2, 3);
                Label jdk = new Label();
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "readRecord", "(L" + OBJECT_INPUT_STREAM + ";"
                        + OSC_DESC + ")Ljava/lang/Object;", false);
                mv.visitInsn(Opcodes.DUP);
                mv.visitFieldInsn(Opcodes.GETSTATIC, HOOKS, "NOT_CONVERTED", "Ljava/lang/Object;");
                mv.visitJumpInsn(Opcodes.IF_ACMPEQ, jdk);
                mv.visitInsn(Opcodes.ARETURN);
                mv.visitLabel(jdk);
                mv.visitFrame(Opcodes.F_NEW, 2, new Object[] {OBJECT_INPUT_STREAM, OBJECT_STREAM_CLASS}, 1,
                        new Object[] {OBJECT});
                mv.visitInsn(Opcodes.POP);
            }
            case DESCRIPTOR_READ -> {
                // on the stack: the descriptor read; return ConvertedFormat.descriptorRead(desc, this)
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "descriptorRead",
                        "(" + OSC_DESC + "L" + OBJECT_INPUT_STREAM + ";)" + OSC_DESC, false);
                mv.visitInsn(Opcodes.ARETURN);
                finder.pushes(1);
            }
            case DESCRIPTOR_MODEL -> {
                // on the stack: this, for skipCustomData(); first readDesc = ConvertedFormat.modelFor(this, desc,
                // readDesc), the model initNonProxy takes (readDesc's last use: resolveClass had it as returned)
                int[] slots = finder.descriptorSlots();
                if (slots[0] < 0 || slots[1] < 0) {
                    throw new IllegalStateException("readNonProxyDesc stores no new descriptor or no descriptor"
                            + " read before skipCustomData(): call check first");
                }
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(Opcodes.ALOAD, slots[0]);
                mv.visitVarInsn(Opcodes.ALOAD, slots[1]);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "modelFor", "(L" + OBJECT_INPUT_STREAM + ";"
                        + OSC_DESC + OSC_DESC + ")" + OSC_DESC, false);
                mv.visitVarInsn(Opcodes.ASTORE, slots[1]);
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, OBJECT_INPUT_STREAM, SKIP_CUSTOM_DATA, "()V", false);
                finder.pushes(3);
            }
            case WRITE_EXTERNAL_CALL -> ExternalDataLoops.writeLoop(mv, finder);
            case READ_EXTERNAL_CALL -> ExternalDataLoops.readLoop(mv, finder);
            default -> throw new IllegalStateException("unknown site " + site);
        }
    }

}
