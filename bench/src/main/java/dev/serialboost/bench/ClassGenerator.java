package dev.serialboost.bench;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the class files of the transform-time measurement: {@code count} classes {@code gen.C0000} ...,
 * every second one {@code Serializable}. Each has seven instance fields of the usual kinds (int, long,
 * double, String, long[], a List, and a transient int) and the default constructor; every tenth
 * serializable class extends the serializable class before it, so the agent also reads superclasses. Plain
 * Java 17 class files, as javac writes them for such classes; nothing about them is random.
 */
public final class ClassGenerator {

    /** Binary name of generated class {@code i}. */
    public static String name(final int i) {
        return String.format("gen.C%04d", i);
    }

    private ClassGenerator() {
    }

    /** Writes {@code count} classes under {@code dir}; returns how many are Serializable. */
    public static int write(final Path dir, final int count) throws IOException {
        Files.createDirectories(dir.resolve("gen"));
        int serializable = 0;
        for (int i = 0; i < count; i++) {
            boolean ser = i % 2 == 0;
            String superName = ser && i % 20 == 10 ? internal(i - 2) : "java/lang/Object";
            Files.write(dir.resolve(internal(i) + ".class"), classFile(internal(i), superName, ser));
            serializable += ser ? 1 : 0;
        }
        return serializable;
    }

    private static String internal(final int i) {
        return name(i).replace('.', '/');
    }

    static byte[] classFile(final String name, final String superName, final boolean serializable) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, superName,
                serializable ? new String[] {"java/io/Serializable"} : null);
        String suffix = name.substring(name.lastIndexOf('/') + 1);
        cw.visitField(Opcodes.ACC_PRIVATE, "id" + suffix, "I", null, null).visitEnd();
        cw.visitField(Opcodes.ACC_PRIVATE, "time", "J", null, null).visitEnd();
        cw.visitField(Opcodes.ACC_PRIVATE, "price", "D", null, null).visitEnd();
        cw.visitField(Opcodes.ACC_PRIVATE, "label", "Ljava/lang/String;", null, null).visitEnd();
        cw.visitField(Opcodes.ACC_PRIVATE, "values", "[J", null, null).visitEnd();
        cw.visitField(Opcodes.ACC_PRIVATE, "tags", "Ljava/util/List;", "Ljava/util/List<Ljava/lang/String;>;", null)
                .visitEnd();
        cw.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_TRANSIENT, "hits", "I", null, null).visitEnd();
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, superName, "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
