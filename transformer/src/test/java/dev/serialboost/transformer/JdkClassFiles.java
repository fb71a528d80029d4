package dev.serialboost.transformer;

import dev.serialboost.testing.Jdk;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.SimpleRemapper;
import org.objectweb.asm.util.CheckClassAdapter;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.FileSystem;
import java.nio.file.Files;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the tests of the JDK patches do with a tested JDK's classes: read one, verify one patched, run one (renamed,
 * in a loader of its own).
 */
final class JdkClassFiles {

    private JdkClassFiles() {
    }

    /** The class file of a {@code java.base} class of the JDK whose {@link Jdk#classFiles()} these are. */
    static byte[] read(final FileSystem jrt, final String internalName) throws IOException {
        return Files.readAllBytes(jrt.getPath("/modules/java.base", internalName + ".class"));
    }

    /** Fails unless ASM's verifier finds nothing wrong with a patched class of that JDK. */
    static void verify(final byte[] patched, final Jdk jdk) {
        StringWriter problems = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(patched), ClassLoader.getSystemClassLoader(), false,
                new PrintWriter(problems));
        assertEquals("", problems.toString(), "verification of a patched class of " + jdk);
    }

    /**
     * A JDK class renamed from {@code internalName} to {@code renamed}, without its nest (a class of its own here),
     * in the class-file version of the JDK running the test (the classes run this way use nothing newer), and defined
     * in a loader of its own, named {@code label}.
     */
    static Class<?> defineRenamed(final byte[] classFile, final String internalName, final String renamed,
                                  final String label) throws ClassNotFoundException {
        ClassWriter writer = new ClassWriter(0);
        ClassVisitor alone = new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(final int version, final int access, final String name, final String signature,
                              final String superName, final String[] interfaces) {
                super.visit(Opcodes.V17, access, name, signature, superName, interfaces);
            }

            @Override
            public void visitNestHost(final String nestHost) {
                // not a member of its outer class's nest
            }

            @Override
            public void visitInnerClass(final String name, final String outerName, final String innerName,
                                        final int access) {
                // nor one of its inner classes
            }
        };
        new ClassReader(classFile).accept(new ClassRemapper(alone, new SimpleRemapper(internalName, renamed)), 0);
        byte[] bytes = writer.toByteArray();
        String name = renamed.replace('/', '.');
        ClassLoader loader = new ClassLoader(label, JdkClassFiles.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(final String wanted) throws ClassNotFoundException {
                if (!wanted.equals(name)) {
                    throw new ClassNotFoundException(wanted);
                }
                return defineClass(wanted, bytes, 0, bytes.length);
            }
        };
        return loader.loadClass(name);
    }
}
