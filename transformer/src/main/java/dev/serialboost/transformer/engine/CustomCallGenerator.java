package dev.serialboost.transformer.engine;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Makes the class file of the runtime's direct call of a class's own {@code writeObject} or {@code readObject}
 * ({@code dev.serialboost.runtime.engine.CustomCalls}): a {@code java.util.function.BiConsumer} whose {@code
 * accept(obj, stream)} is {@code ((C) obj).m((S) stream)}, defined by the runtime as a hidden nestmate of {@code C}
 * (which may call its private methods), in one frame where the JDK's reflective call takes four. Whatever the method
 * throws passes through {@code accept} as it is (the class file says nothing of checked exceptions): the runtime
 * treats it as the JDK's descriptor does.
 */
public final class CustomCallGenerator {

    private CustomCallGenerator() {
    }

    /**
     * {@link #generate(String, String, String, String)} with its arguments in one array, in that order: as the
     * runtime's {@code CustomCalls.generator} is handed them. When the array has a fifth element and the method is a
     * {@code readObject}, this also answers there whether it is one of the {@link ClosedReaders} ({@link
     * ClosedReaders#ALL}, {@link ClosedReaders#FIRST}, or null).
     */
    public static byte[] generate(final Object[] args) {
        byte[] classFile = generate((String) args[0], (String) args[1], (String) args[2], (String) args[3]);
        if (args.length > 4) {
            args[4] = "readObject".equals(args[2]) ? ClosedReaders.verdict((String) args[1]) : null;
        }
        return classFile;
    }

    /**
     * The class file.
     *
     * @param name   the class's internal name, in {@code target}'s package
     * @param target the internal name of the class whose method is called
     * @param method {@code writeObject} or {@code readObject}
     * @param stream the internal name of the method's parameter type ({@code java/io/ObjectOutputStream} or {@code
     *               java/io/ObjectInputStream})
     */
    public static byte[] generate(final String name, final String target, final String method, final String stream) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC, name, null,
                "java/lang/Object", new String[] {"java/util/function/BiConsumer"});
        MethodVisitor init = cw.visitMethod(0, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();

        MethodVisitor accept = cw.visitMethod(Opcodes.ACC_PUBLIC, "accept", "(Ljava/lang/Object;Ljava/lang/Object;)V",
                null, null);
        accept.visitCode();
        accept.visitVarInsn(Opcodes.ALOAD, 1);
        accept.visitTypeInsn(Opcodes.CHECKCAST, target);
        accept.visitVarInsn(Opcodes.ALOAD, 2);
        accept.visitTypeInsn(Opcodes.CHECKCAST, stream);
        accept.visitMethodInsn(Opcodes.INVOKEVIRTUAL, target, method, "(L" + stream + ";)V", false);
        accept.visitInsn(Opcodes.RETURN);
        accept.visitMaxs(0, 0);
        accept.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
