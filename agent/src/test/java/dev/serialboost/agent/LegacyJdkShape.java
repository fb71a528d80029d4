package dev.serialboost.agent;

import dev.serialboost.testing.Jdk;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Simulates a JDK whose {@code java.io} is not the shape serialboost's patches expect: from a JDK's own class
 * files it writes a {@code --patch-module java.base=DIR} directory in which
 * {@code ObjectInputStream$FieldValues.primValues} is renamed {@code primitiveValues} (in the class and every
 * access to it), a change a future JDK could make. The JDK itself keeps working; the agent must notice at
 * start-up and leave reading of plain streams off.
 */
final class LegacyJdkShape {

    static final String FIELD_VALUES = "java/io/ObjectInputStream$FieldValues";
    static final String RENAMED = "primitiveValues";

    private LegacyJdkShape() {
    }

    /**
     * Writes the renamed {@code java/io/ObjectInputStream*.class} of {@code jdk} under {@code dir}.
     *
     * @return {@code dir}, for {@code --patch-module java.base=dir}
     */
    static Path patchDirectory(final Jdk jdk, final Path dir) throws IOException {
        int patched = 0;
        try (FileSystem jrt = jdk.classFiles()) {
            Path io = jrt.getPath("/modules/java.base/java/io");
            List<Path> classes;
            try (Stream<Path> files = Files.list(io)) {
                classes = files.filter(p -> p.getFileName().toString().startsWith("ObjectInputStream")
                        && p.getFileName().toString().endsWith(".class")).sorted().toList();
            }
            Files.createDirectories(dir.resolve("java/io"));
            for (Path c : classes) {
                byte[] renamed = rename(Files.readAllBytes(c));
                Files.write(dir.resolve("java/io").resolve(c.getFileName().toString()), renamed);
                patched++;
            }
        }
        if (patched < 2) {
            throw new IllegalStateException("test bug: found " + patched + " ObjectInputStream classes in " + jdk);
        }
        return dir;
    }

    private static byte[] rename(final byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            private String name;

            @Override
            public void visit(final int version, final int access, final String name, final String signature,
                              final String superName, final String[] interfaces) {
                this.name = name;
                super.visit(version, access, name, signature, superName, interfaces);
            }

            @Override
            public FieldVisitor visitField(final int access, final String field, final String descriptor,
                                           final String signature, final Object value) {
                boolean target = name.equals(FIELD_VALUES) && field.equals("primValues");
                return super.visitField(access, target ? RENAMED : field, descriptor, signature, value);
            }

            @Override
            public MethodVisitor visitMethod(final int access, final String method, final String descriptor,
                                             final String signature, final String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, method, descriptor, signature,
                        exceptions)) {
                    @Override
                    public void visitFieldInsn(final int opcode, final String owner, final String field,
                                               final String fieldDescriptor) {
                        boolean target = owner.equals(FIELD_VALUES) && field.equals("primValues");
                        super.visitFieldInsn(opcode, owner, target ? RENAMED : field, fieldDescriptor);
                    }
                };
            }
        }, 0);
        return writer.toByteArray();
    }
}
