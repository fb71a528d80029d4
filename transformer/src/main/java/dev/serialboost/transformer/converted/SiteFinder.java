package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.List;

import static dev.serialboost.transformer.converted.ConvertedFormatPatches.OBJECT_INPUT_STREAM;
import static dev.serialboost.transformer.converted.ConvertedFormatPatches.OBJECT_OUTPUT_STREAM;
import static dev.serialboost.transformer.converted.ConvertedFormatPatches.OBJECT_STREAM_CLASS;

/**
 * Finds the {@link StreamSite}s of one method and hands each to {@link #at}; every other instruction goes on to
 * {@code next} (which may be null: then it only counts). It keeps the {@link LocalTypes} of the method as it goes,
 * which the loops that replace a call need for their frames, and what the patches' code adds to the method's stack
 * and locals.
 */
abstract class SiteFinder extends MethodVisitor {

    private static final String EXTERNALIZABLE = "java/io/Externalizable";
    private static final String NOT_FOUND = "java/lang/ClassNotFoundException";
    /** The engine layer's stand-in for {@code readClassDescriptor()} in {@code readNonProxyDesc}, if it patched it. */
    private static final String ENGINE = RuntimeLocation.installedName("dev/serialboost/runtime/engine/Engine");

    private final String owner;
    private final String method;
    private final LocalTypes types = new LocalTypes();
    /** Whether the last instruction was {@code ldc Externalizable}: an {@code isAssignableFrom} may test it. */
    private boolean pendingExternalizable;
    /** Locals the patch's code uses, from 0, and how deep its stack gets. */
    private int usedLocals;
    private int usedStack;
    /** The most values a site of the patch pushes on top of what the JDK's code has there. */
    private int pushes;
    /**
     * In {@code readNonProxyDesc}: the locals of the new descriptor and of the one {@code readClassDescriptor()}
     * returned (-1 until stored), and which of the two the next {@code astore} stores (-1: neither).
     */
    private final int[] descriptorSlots = {-1, -1};
    private int pendingStore = -1;
    /** The start, end and handler of the read loop's {@code ClassNotFoundException} handler, if it has one. */
    private Label[] notFound;

    SiteFinder(final MethodVisitor next, final String owner, final String method) {
        super(Opcodes.ASM9, next);
        this.owner = owner;
        this.method = method;
    }

    /** Called at each site, whose instruction is not passed on. */
    abstract void at(StreamSite site);

    /**
     * In the method with the read loop, when patching, the loop's handler goes first in the exception table, ahead
     * of the JDK's entries (ClassReader visits them after this, before any instruction).
     */
    @Override
    public void visitCode() {
        super.visitCode();
        if (mv != null && site(StreamSite.READ_EXTERNAL_CALL) != null) {
            notFound = new Label[] {new Label(), new Label(), new Label()};
            super.visitTryCatchBlock(notFound[0], notFound[1], notFound[2], NOT_FOUND);
        }
        StreamSite entry = site(StreamSite.DEFAULT_WRITE_ENTRY, StreamSite.DEFAULT_READ_ENTRY,
                StreamSite.READ_RECORD_ENTRY);
        if (entry != null) {
            at(entry);
        }
    }

    /** The labels of the read loop's handler, whose entry {@link #visitCode} made. */
    final Label[] notFound() {
        return notFound;
    }

    /**
     * The locals at this point as an expanded frame lists them, or null if their types are not all clear or the call
     * was not {@code obj.m(this)} with {@code obj} local 1 (what the loops rely on: they take both from their locals).
     */
    final List<Object> locals() {
        return types.loaded(1, 0) ? types.locals() : null;
    }

    /** The first slot after the locals at this point. */
    final int slots() {
        return types.slots();
    }

    /** Records that the patch's code uses locals up to {@code locals} and a stack {@code stack} deep. */
    final void uses(final int locals, final int stack) {
        usedLocals = Math.max(usedLocals, locals);
        usedStack = Math.max(usedStack, stack);
    }

    /** Records that the patch's code pushes {@code values} values on top of the JDK's stack. */
    final void pushes(final int values) {
        pushes = Math.max(pushes, values);
    }

    /** Whether both locals {@link #descriptorSlots} names are known. */
    final boolean descriptorLocals() {
        return descriptorSlots[0] >= 0 && descriptorSlots[1] >= 0;
    }

    /** The locals of the new descriptor and of the descriptor {@code readClassDescriptor()} returned. */
    final int[] descriptorSlots() {
        return descriptorSlots.clone();
    }

    private StreamSite site(final StreamSite... candidates) {
        return StreamSite.in(owner, method, candidates);
    }

    private void pushed(final Object type) {
        pendingStore = -1;
        types.pushed(type);
    }

    @Override
    public void visitFrame(final int type, final int numLocal, final Object[] local, final int numStack,
                           final Object[] stack) {
        types.frame(type, numLocal, local);
        pendingStore = -1;
        super.visitFrame(type, numLocal, local, numStack, stack);
    }

    @Override
    public void visitVarInsn(final int opcode, final int varIndex) {
        if (opcode == Opcodes.ASTORE && pendingStore >= 0 && descriptorSlots[pendingStore] < 0) {
            descriptorSlots[pendingStore] = varIndex;
        }
        pendingStore = -1;
        types.var(opcode, varIndex);
        super.visitVarInsn(opcode, varIndex);
    }

    @Override
    public void visitInsn(final int opcode) {
        pushed(opcode == Opcodes.ACONST_NULL ? Opcodes.NULL : LocalTypes.UNKNOWN);
        StreamSite found = opcode == Opcodes.ARETURN ? site(StreamSite.DESCRIPTOR_READ) : null;
        if (found != null) {
            at(found);
        } else {
            super.visitInsn(opcode);
        }
    }

    @Override
    public void visitIntInsn(final int opcode, final int operand) {
        pushed(LocalTypes.UNKNOWN);
        super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitFieldInsn(final int opcode, final String fieldOwner, final String name,
                               final String descriptor) {
        boolean get = opcode == Opcodes.GETFIELD || opcode == Opcodes.GETSTATIC;
        StreamSite found = opcode == Opcodes.GETFIELD && fieldOwner.equals(OBJECT_OUTPUT_STREAM)
                && name.equals(SiteRewrites.PROTOCOL) && descriptor.equals("I") ? site(StreamSite.DATA_PROTOCOL) : null;
        if (found != null) {
            at(found);
        } else {
            super.visitFieldInsn(opcode, fieldOwner, name, descriptor);
        }
        pushed(get ? LocalTypes.typeOf(Type.getType(descriptor)) : LocalTypes.UNKNOWN);
    }

    @Override
    public void visitJumpInsn(final int opcode, final Label label) {
        pushed(LocalTypes.UNKNOWN);
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitIincInsn(final int varIndex, final int increment) {
        pushed(LocalTypes.UNKNOWN);
        super.visitIincInsn(varIndex, increment);
    }

    @Override
    public void visitTableSwitchInsn(final int min, final int max, final Label dflt, final Label... labels) {
        pushed(LocalTypes.UNKNOWN);
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(final Label dflt, final int[] keys, final Label[] labels) {
        pushed(LocalTypes.UNKNOWN);
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitMultiANewArrayInsn(final String descriptor, final int numDimensions) {
        pushed(LocalTypes.typeOf(Type.getType(descriptor)));
        super.visitMultiANewArrayInsn(descriptor, numDimensions);
    }

    @Override
    public void visitInvokeDynamicInsn(final String name, final String descriptor, final Handle bootstrap,
                                       final Object... bootstrapArguments) {
        pushed(LocalTypes.typeOf(Type.getReturnType(descriptor)));
        super.visitInvokeDynamicInsn(name, descriptor, bootstrap, bootstrapArguments);
    }

    @Override
    public void visitLdcInsn(final Object value) {
        pendingExternalizable = value instanceof Type t && t.getInternalName().equals(EXTERNALIZABLE);
        pushed(value instanceof String ? "java/lang/String" : value instanceof Type t
                && t.getSort() != Type.METHOD ? "java/lang/Class" : LocalTypes.UNKNOWN);
        super.visitLdcInsn(value);
    }

    @Override
    public void visitTypeInsn(final int opcode, final String type) {
        StreamSite cast = opcode == Opcodes.CHECKCAST && type.equals(EXTERNALIZABLE)
                ? site(StreamSite.WRITE_CAST, StreamSite.READ_CAST) : null;
        pendingExternalizable = false;
        // a new object is uninitialized until its constructor ran: not a type a store of it could be given here
        pushed(opcode == Opcodes.CHECKCAST || opcode == Opcodes.ANEWARRAY
                ? LocalTypes.typeOf(opcode == Opcodes.CHECKCAST ? Type.getObjectType(type)
                        : Type.getType("[" + Type.getObjectType(type).getDescriptor()))
                : opcode == Opcodes.INSTANCEOF ? Opcodes.INTEGER : LocalTypes.UNKNOWN);
        if (cast != null) {
            at(cast);
        } else {
            super.visitTypeInsn(opcode, type);
        }
    }

    @Override
    public void visitMethodInsn(final int opcode, final String callOwner, final String name, final String descriptor,
                                final boolean isInterface) {
        boolean test = pendingExternalizable && opcode == Opcodes.INVOKEVIRTUAL
                && callOwner.equals("java/lang/Class") && name.equals("isAssignableFrom");
        pendingExternalizable = false;
        StreamSite found = null;
        if (test) {
            found = site(StreamSite.CONSTRUCTOR_TEST);
        } else if (opcode == Opcodes.INVOKESTATIC && callOwner.equals(OBJECT_STREAM_CLASS)
                && name.equals(SiteRewrites.LOOKUP) && descriptor.equals(SiteRewrites.LOOKUP_DESC)) {
            found = site(StreamSite.INIT_NON_PROXY_LOOKUP, StreamSite.WRITE_LOOKUP, StreamSite.WRITE_CLASS_LOOKUP);
        } else if (opcode == Opcodes.INVOKEVIRTUAL && callOwner.equals(OBJECT_OUTPUT_STREAM)
                && name.equals("getProtocolVersion") && descriptor.equals("()I")) {
            found = site(StreamSite.DESCRIPTOR_PROTOCOL);
        } else if (opcode == Opcodes.INVOKEVIRTUAL && callOwner.equals(OBJECT_STREAM_CLASS)
                && name.equals("hasBlockExternalData") && descriptor.equals("()Z")) {
            found = site(StreamSite.READ_BLOCKED);
        } else if (opcode == Opcodes.INVOKEINTERFACE && callOwner.equals(EXTERNALIZABLE)) {
            found = name.equals(SiteRewrites.WRITE_EXTERNAL) ? site(StreamSite.WRITE_EXTERNAL_CALL)
                    : name.equals(SiteRewrites.READ_EXTERNAL) ? site(StreamSite.READ_EXTERNAL_CALL) : null;
        } else if (opcode == Opcodes.INVOKEVIRTUAL && callOwner.equals(OBJECT_INPUT_STREAM)
                && name.equals(SiteRewrites.SKIP_CUSTOM_DATA) && descriptor.equals("()V")) {
            found = site(StreamSite.DESCRIPTOR_MODEL);
        }
        if (found != null) {
            at(found);
        } else {
            super.visitMethodInsn(opcode, callOwner, name, descriptor, isInterface);
        }
        pushed(LocalTypes.typeOf(Type.getReturnType(descriptor)));
        if (site(StreamSite.DESCRIPTOR_MODEL) != null) {
            // the stores that follow: the new descriptor, and the one readClassDescriptor() returned (called by the
            // JDK's code, or through the engine layer's stand-in, whatever its parameters)
            if (opcode == Opcodes.INVOKESPECIAL && callOwner.equals(OBJECT_STREAM_CLASS) && name.equals("<init>")
                    && descriptor.equals("()V")) {
                pendingStore = 0;
            } else if (name.equals("readClassDescriptor") && descriptor.endsWith(")" + StreamSite.OSC_DESC)
                    && (opcode == Opcodes.INVOKEVIRTUAL && callOwner.equals(OBJECT_INPUT_STREAM)
                    && descriptor.equals("()" + StreamSite.OSC_DESC) || opcode == Opcodes.INVOKESTATIC
                    && callOwner.equals(ENGINE))) {
                pendingStore = 1;
            }
        }
    }

    @Override
    public void visitMaxs(final int maxStack, final int maxLocals) {
        super.visitMaxs(Math.max(maxStack + pushes, usedStack), Math.max(maxLocals, usedLocals));
    }
}
