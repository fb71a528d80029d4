package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.serialboost.transformer.converted.ConvertedFormatPatches.OBJECT_INPUT_STREAM;
import static dev.serialboost.transformer.converted.ConvertedFormatPatches.OBJECT_OUTPUT_STREAM;
import static dev.serialboost.transformer.converted.SiteRewrites.HOOKS;
import static dev.serialboost.transformer.converted.SiteRewrites.OBJECT;

/**
 * The loops that replace {@code obj.writeExternal(this)} in {@code ObjectOutputStream.writeExternalData} and {@code
 * obj.readExternal(this)} in {@code ObjectInputStream.readExternalData}: an {@code Externalizable} object still gets
 * its own call; a converted one is written or read from the stream method's own frame, reference by reference, so a
 * nesting level of the graph takes no more frames or stack than in the plain format; and the loops at the start of
 * {@code defaultWriteObject} and {@code defaultReadObject} that write and read the default part of a converted level
 * with methods of its own, reference by reference from those frames, for the same reason.
 */
final class ExternalDataLoops {

    private static final String OSC_DESC = StreamSite.OSC_DESC;
    /** Where the reading loop's step is, as installed (a level with methods of its own is read from its frame). */
    static final String READING = RuntimeLocation.installedName("dev/serialboost/runtime/converted/ConvertedReading");
    private static final String EXTERNALIZABLE = "java/io/Externalizable";
    private static final String WRITE_OBJECT = "writeObject";
    private static final String WRITE_OBJECT_DESC = "(Ljava/lang/Object;)V";
    /** {@code ObjectInputStream.readObject(Class)}: what the public {@code readObject()} calls, with Object.class. */
    private static final String READ_OBJECT = "readObject";
    private static final String READ_OBJECT_DESC = "(Ljava/lang/Class;)Ljava/lang/Object;";
    private static final String NOT_FOUND = "java/lang/ClassNotFoundException";
    /** What {@code defaultWriteFields} and {@code FieldValues} write and read each reference with. */
    private static final String WRITE_OBJECT0 = "writeObject0";
    private static final String WRITE_OBJECT0_DESC = "(Ljava/lang/Object;Z)V";
    private static final String READ_OBJECT0 = "readObject0";
    private static final String READ_OBJECT0_DESC = "(Ljava/lang/Class;Z)Ljava/lang/Object;";
    /** Methods the loops call, besides the sites, that each class must have. */
    static final Map<String, List<String>> REQUIRED = Map.of(
            OBJECT_OUTPUT_STREAM, List.of(WRITE_OBJECT + WRITE_OBJECT_DESC, WRITE_OBJECT0 + WRITE_OBJECT0_DESC),
            OBJECT_INPUT_STREAM, List.of(READ_OBJECT + READ_OBJECT_DESC, READ_OBJECT0 + READ_OBJECT0_DESC));

    private ExternalDataLoops() {
    }

    /**
     * {@code obj.writeExternal(this)} (on the stack: obj, this) becomes
     * <pre>
     * Object step = ConvertedFormat.writeBegin(obj);
     * if (step == ConvertedFormat.NOT_CONVERTED) { // obj instanceof Externalizable
     *     ((Externalizable) obj).writeExternal(this);
     * } else {
     *     for (;;) {
     *         Object ref = ConvertedFormat.writeStep(obj, this, step);
     *         if (ref == ConvertedFormat.END) break;
     *         this.writeObject(ref);
     *         step = ConvertedFormat.nextStep(step);
     *     }
     * }</pre>
     * so each reference of a converted object is written from this frame, as the JDK's {@code defaultWriteFields}
     * writes a plain object's: the nesting of the graph takes no frame of serialboost's, for converted and
     * {@code Externalizable} objects alike. The step (made with the object's view) carries what the loop needs, so
     * the object's view is looked up once.
     */
    static void writeLoop(final MethodVisitor mv, final SiteFinder finder) {
        List<Object> locals = finder.locals();
        int step = finder.slots();
        finder.uses(step + 1, 3);
        Label end = new Label();
        mv.visitInsn(Opcodes.POP2);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "writeBegin", "(Ljava/lang/Object;)Ljava/lang/Object;",
                false);
        externalizable(mv, SiteRewrites.WRITE_EXTERNAL, "(Ljava/io/ObjectOutput;)V", end);
        frame(mv, locals, List.of(OBJECT));
        mv.visitVarInsn(Opcodes.ASTORE, step);
        Label loop = new Label();
        Label last = new Label();
        mv.visitLabel(loop);
        frame(mv, locals, List.of(), OBJECT);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, step);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "writeStep",
                "(Ljava/lang/Object;Ljava/io/ObjectOutput;Ljava/lang/Object;)Ljava/lang/Object;", false);
        mv.visitInsn(Opcodes.DUP);
        mv.visitFieldInsn(Opcodes.GETSTATIC, HOOKS, "END", "Ljava/lang/Object;");
        mv.visitJumpInsn(Opcodes.IF_ACMPEQ, last);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitInsn(Opcodes.SWAP);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, OBJECT_OUTPUT_STREAM, WRITE_OBJECT, WRITE_OBJECT_DESC, false);
        mv.visitVarInsn(Opcodes.ALOAD, step);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "nextStep", "(Ljava/lang/Object;)Ljava/lang/Object;", false);
        mv.visitVarInsn(Opcodes.ASTORE, step);
        mv.visitJumpInsn(Opcodes.GOTO, loop);
        mv.visitLabel(last);
        frame(mv, locals, List.of(OBJECT), OBJECT);
        mv.visitInsn(Opcodes.POP);
        mv.visitLabel(end);
        frame(mv, locals, List.of());
        mv.visitInsn(Opcodes.NOP); // the JDK's code may have a frame of its own next
    }

    /**
     * {@code obj.readExternal(this)} in {@code readExternalData(obj, desc)} (on the stack: obj, this) becomes
     * <pre>
     * Object r = ConvertedFormat.readBegin(obj, this, desc);
     * if (r == ConvertedFormat.NOT_CONVERTED) { // obj instanceof Externalizable
     *     ((Externalizable) obj).readExternal(this);
     * } else {
     *     while ((r = ConvertedReading.step(r)) != null) {
     *         Object ref;
     *         try {
     *             ref = this.readObject(Object.class);
     *         } catch (ClassNotFoundException e) {
     *             ref = ConvertedFormat.MISSING;
     *         }
     *         r = ConvertedFormat.readNext(r, ref);
     *     }
     * }</pre>
     * ({@code readObject(Class)} is what the public {@code readObject()} calls), so each reference of a converted
     * object is read from this frame, as the JDK's {@code defaultReadFields} reads a plain object's. A reference
     * whose class is not found leaves the rest of the object's data to read: the data is not framed (see {@code
     * ConvertedFormat.descriptorProtocol}), so the stream stays in step only if it is read; the stream has recorded
     * the exception for the object, and fails its read with it, as for plain data. The handler's entry comes first in
     * the method's exception table ({@link SiteFinder#visitCode}): the JDK's own handler of the call it replaces,
     * which would otherwise catch it first, covers the loop.
     */
    static void readLoop(final MethodVisitor mv, final SiteFinder finder) {
        List<Object> locals = finder.locals();
        int read = finder.slots();
        finder.uses(read + 1, 3);
        Label end = new Label();
        mv.visitInsn(Opcodes.POP2);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, 2); // readExternalData(Externalizable obj, ObjectStreamClass desc)
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "readBegin",
                "(Ljava/lang/Object;Ljava/io/ObjectInput;" + OSC_DESC + ")Ljava/lang/Object;", false);
        externalizable(mv, SiteRewrites.READ_EXTERNAL, "(Ljava/io/ObjectInput;)V", end);
        frame(mv, locals, List.of(OBJECT));
        mv.visitVarInsn(Opcodes.ASTORE, read);
        Label loop = new Label();
        mv.visitLabel(loop);
        frame(mv, locals, List.of(), OBJECT);
        mv.visitVarInsn(Opcodes.ALOAD, read);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, READING, "step", "(Ljava/lang/Object;)Ljava/lang/Object;", false);
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ASTORE, read);
        mv.visitJumpInsn(Opcodes.IFNULL, end);
        mv.visitVarInsn(Opcodes.ALOAD, read);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitLdcInsn(Type.getObjectType(OBJECT));
        Label[] notFound = finder.notFound();
        mv.visitLabel(notFound[0]);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, OBJECT_INPUT_STREAM, READ_OBJECT, READ_OBJECT_DESC, false);
        mv.visitLabel(notFound[1]);
        Label next = new Label();
        mv.visitLabel(next);
        frame(mv, locals, List.of(OBJECT, OBJECT), OBJECT);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "readNext",
                "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", false);
        mv.visitVarInsn(Opcodes.ASTORE, read);
        mv.visitJumpInsn(Opcodes.GOTO, loop);
        mv.visitLabel(notFound[2]);
        frame(mv, locals, List.of(NOT_FOUND), OBJECT);
        mv.visitInsn(Opcodes.POP);
        mv.visitVarInsn(Opcodes.ALOAD, read);
        mv.visitFieldInsn(Opcodes.GETSTATIC, HOOKS, "MISSING", "Ljava/lang/Object;");
        mv.visitJumpInsn(Opcodes.GOTO, next);
        mv.visitLabel(end);
        frame(mv, locals, List.of());
        mv.visitInsn(Opcodes.NOP); // the JDK's code may have a frame of its own next
    }

    /**
     * At the start of {@code defaultWriteObject()}:
     * <pre>
     * Object w = ConvertedFormat.defaultWriteBegin(this);
     * if (w != null) { // the default part of a converted level with methods of its own
     *     for (int i = 0; ; i++) {
     *         Object ref = ConvertedFormat.defaultWriteNext(this, w, i);
     *         if (ref == ConvertedFormat.END) return;
     *         this.writeObject0(ref, false);
     *     }
     * }
     * ... the JDK's code</pre>
     * so each reference of the level is written from this frame, as the JDK's {@code defaultWriteFields} writes a
     * plain level's: the class's {@code writeObject} and this method are all a level of the graph adds to the stack.
     */
    static void defaultWriteLoop(final MethodVisitor mv, final SiteFinder finder) {
        finder.uses(3, 3);
        Label jdk = new Label();
        Label loop = new Label();
        Label write = new Label();
        defaultBegin(mv, "defaultWriteBegin", OBJECT_OUTPUT_STREAM, jdk);
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitVarInsn(Opcodes.ISTORE, 2);
        mv.visitLabel(loop);
        Object[] locals = {OBJECT_OUTPUT_STREAM, OBJECT, Opcodes.INTEGER};
        mv.visitFrame(Opcodes.F_NEW, 3, locals, 0, new Object[0]);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitVarInsn(Opcodes.ILOAD, 2);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "defaultWriteNext",
                "(L" + OBJECT_OUTPUT_STREAM + ";Ljava/lang/Object;I)Ljava/lang/Object;", false);
        mv.visitInsn(Opcodes.DUP);
        mv.visitFieldInsn(Opcodes.GETSTATIC, HOOKS, "END", "Ljava/lang/Object;");
        mv.visitJumpInsn(Opcodes.IF_ACMPNE, write);
        mv.visitInsn(Opcodes.POP);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitLabel(write);
        mv.visitFrame(Opcodes.F_NEW, 3, locals, 1, new Object[] {OBJECT});
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitInsn(Opcodes.SWAP);
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, OBJECT_OUTPUT_STREAM, WRITE_OBJECT0, WRITE_OBJECT0_DESC, false);
        mv.visitIincInsn(2, 1);
        mv.visitJumpInsn(Opcodes.GOTO, loop);
        jdkCode(mv, OBJECT_OUTPUT_STREAM, jdk);
    }

    /**
     * At the start of {@code defaultReadObject()}:
     * <pre>
     * Object r = ConvertedFormat.defaultReadBegin(this);
     * if (r != null) { // the default part of a converted level with methods of its own
     *     while (r != ConvertedFormat.END) {
     *         Object ref = this.readObject0(Object.class, false);
     *         r = ConvertedFormat.defaultReadNext(this, r, ref);
     *     }
     *     return;
     * }
     * ... the JDK's code</pre>
     * so each reference of the level is read from this frame, as the JDK's {@code FieldValues} reads a plain
     * level's (a class not found is recorded by the stream for the object, not thrown, there as here).
     */
    static void defaultReadLoop(final MethodVisitor mv, final SiteFinder finder) {
        finder.uses(3, 3);
        Label jdk = new Label();
        Label loop = new Label();
        Label done = new Label();
        defaultBegin(mv, "defaultReadBegin", OBJECT_INPUT_STREAM, jdk);
        mv.visitLabel(loop);
        Object[] locals = {OBJECT_INPUT_STREAM, OBJECT};
        mv.visitFrame(Opcodes.F_NEW, 2, locals, 0, new Object[0]);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitFieldInsn(Opcodes.GETSTATIC, HOOKS, "END", "Ljava/lang/Object;");
        mv.visitJumpInsn(Opcodes.IF_ACMPEQ, done);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitLdcInsn(Type.getObjectType(OBJECT));
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, OBJECT_INPUT_STREAM, READ_OBJECT0, READ_OBJECT0_DESC, false);
        mv.visitVarInsn(Opcodes.ASTORE, 2);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitVarInsn(Opcodes.ALOAD, 2);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "defaultReadNext",
                "(L" + OBJECT_INPUT_STREAM + ";Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", false);
        mv.visitVarInsn(Opcodes.ASTORE, 1);
        mv.visitJumpInsn(Opcodes.GOTO, loop);
        mv.visitLabel(done);
        mv.visitFrame(Opcodes.F_NEW, 2, locals, 0, new Object[0]);
        mv.visitInsn(Opcodes.RETURN);
        jdkCode(mv, OBJECT_INPUT_STREAM, jdk);
    }

    /** {@code local1 = ConvertedFormat.<hook>(this); if (local1 == null) goto jdk;} */
    private static void defaultBegin(final MethodVisitor mv, final String hook, final String stream,
                                     final Label jdk) {
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, hook, "(L" + stream + ";)Ljava/lang/Object;", false);
        mv.visitVarInsn(Opcodes.ASTORE, 1);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitJumpInsn(Opcodes.IFNULL, jdk);
    }

    /** The start of the JDK's own code of {@code defaultWriteObject()}/{@code defaultReadObject()}, at {@code jdk}. */
    private static void jdkCode(final MethodVisitor mv, final String stream, final Label jdk) {
        mv.visitLabel(jdk);
        mv.visitFrame(Opcodes.F_NEW, 1, new Object[] {stream}, 0, new Object[0]);
        mv.visitInsn(Opcodes.NOP); // the JDK's code may have a frame of its own next
    }

    /**
     * With the result of {@code ConvertedFormat.writeBegin}/{@code readBegin} on the stack: if it is {@code
     * NOT_CONVERTED} ({@code obj}, local 1, is {@code Externalizable}), calls {@code obj}'s own {@code method} with
     * {@code this} (the JDK's call, unchanged) and goes to {@code end}; else goes on at the next instruction (which
     * needs a frame: a branch target) with the result on the stack.
     */
    private static void externalizable(final MethodVisitor mv, final String method, final String descriptor,
                                       final Label end) {
        Label converted = new Label();
        mv.visitInsn(Opcodes.DUP);
        mv.visitFieldInsn(Opcodes.GETSTATIC, HOOKS, "NOT_CONVERTED", "Ljava/lang/Object;");
        mv.visitJumpInsn(Opcodes.IF_ACMPNE, converted);
        mv.visitInsn(Opcodes.POP);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitTypeInsn(Opcodes.CHECKCAST, EXTERNALIZABLE);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, EXTERNALIZABLE, method, descriptor, true);
        mv.visitJumpInsn(Opcodes.GOTO, end);
        mv.visitLabel(converted);
    }

    /**
     * An expanded frame with the method's locals at the site, then {@code added}, and the given stack. The loops keep
     * the method's frame as small as the JDK made it: their one local is a slot the JDK's code only uses later (if at
     * all), and their stack is at most three deep, so a nesting level of the graph takes no more stack than in the
     * plain format.
     */
    private static void frame(final MethodVisitor mv, final List<Object> locals, final List<Object> stack,
                              final Object... added) {
        List<Object> all = new ArrayList<>(locals);
        all.addAll(List.of(added));
        mv.visitFrame(Opcodes.F_NEW, all.size(), all.toArray(), stack.size(), stack.toArray());
    }

}
