package dev.serialboost.transformer;

import dev.serialboost.testing.Jdk;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.FileSystem;
import java.nio.file.Files;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the tests of the JDK patches do with a tested JDK's classes: read one, verify one patched. */
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
}
