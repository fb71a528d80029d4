package dev.serialboost.runtime.converted;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.function.BiFunction;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ClassPathFiles} against {@code ClassLoader.getResource}, which the transformer reads class files through
 * otherwise: the same class file for every class of the test class path through the application loader and through a
 * {@code URLClassLoader} below it, the parent's where both have one, the child's own where only it has one, none
 * where neither has; and "cannot tell" for the JDK's module packages and for a loader of another class.
 */
class ClassPathFilesTest {

    private static final String THIS = "dev/serialboost/runtime/converted/ClassPathFilesTest";

    private final BiFunction<ClassLoader, String, byte[]> reader = ClassPathFiles.reader();
    private final ClassLoader app = ClassPathFilesTest.class.getClassLoader();

    @Test
    void readsEveryClassOfTheClassPathAsTheResourceLookupDoes(@TempDir final Path dir) throws IOException {
        assertNotNull(reader, "jdk.internal.loader and java.net must be open to the runtime for these tests (see the pom)");
        Path jar = jar(dir.resolve("child.jar"));
        try (URLClassLoader child = new URLClassLoader(new URL[] {jar.toUri().toURL()}, app)) {
            List<String> names = classPathClasses();
            assertTrue(names.size() > 1000, names.size() + " classes");
            for (String name : names) {
                byte[] expected = resource(app, name);
                assertArrayEquals(expected, reader.apply(app, name), name);
                assertArrayEquals(expected, reader.apply(child, name), name + " through a URLClassLoader below");
            }
            // the parent's class file wins over the child's of the same name; the child's own is found in it
            assertArrayEquals(resource(app, THIS), reader.apply(child, THIS));
            assertArrayEquals(resource(child, "sbtest/OnlyInChild"), reader.apply(child, "sbtest/OnlyInChild"));
            assertArrayEquals("child".getBytes(StandardCharsets.UTF_8), reader.apply(child, "sbtest/OnlyInChild"));
            assertNull(reader.apply(app, "sbtest/OnlyInChild"));
            assertNull(reader.apply(child, "sbtest/Nowhere"));
            assertNull(resource(child, "sbtest/Nowhere"));
        }
        try (URLClassLoader orphan = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            assertArrayEquals("this".getBytes(StandardCharsets.UTF_8), reader.apply(orphan, THIS),
                    "without a parent, the loader's own class file");
            assertArrayEquals(resource(orphan, THIS), reader.apply(orphan, THIS));
        }
    }

    @Test
    void cannotTellForModulePackagesNorForLoadersOfAnotherClass(@TempDir final Path dir) throws IOException {
        assertNotNull(reader, "jdk.internal.loader and java.net must be open to the runtime for these tests (see the pom)");
        assertSame(ClassPathFiles.UNKNOWN, reader.apply(app, "java/lang/String"));
        assertSame(ClassPathFiles.UNKNOWN, reader.apply(app, "java/lang/NoSuchClass"));
        assertSame(ClassPathFiles.UNKNOWN, reader.apply(null, THIS));
        Path jar = jar(dir.resolve("child.jar"));
        try (URLClassLoader subclass = new URLClassLoader(new URL[] {jar.toUri().toURL()}, app) { };
             URLClassLoader below = new URLClassLoader(new URL[0], subclass)) {
            assertSame(ClassPathFiles.UNKNOWN, reader.apply(subclass, THIS));
            assertSame(ClassPathFiles.UNKNOWN, reader.apply(below, THIS), "a loader of another class among the parents");
        }
    }

    /** A jar with this test's class file name (other bytes) and a class file of its own. */
    private static Path jar(final Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out)) {
            jar.putNextEntry(new JarEntry(THIS + ".class"));
            jar.write("this".getBytes(StandardCharsets.UTF_8));
            jar.putNextEntry(new JarEntry("sbtest/OnlyInChild.class"));
            jar.write("child".getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }

    private static byte[] resource(final ClassLoader loader, final String internalName) throws IOException {
        try (InputStream in = loader.getResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        }
    }

    /** The internal names of the classes of the test class path, jars and directories. */
    private static List<String> classPathClasses() throws IOException {
        List<String> names = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (Files.isDirectory(path)) {
                try (Stream<Path> files = Files.walk(path)) {
                    files.filter(f -> f.toString().endsWith(".class")).forEach(f -> names.add(name(
                            path.relativize(f).toString().replace(File.separatorChar, '/'))));
                }
            } else if (entry.endsWith(".jar") && Files.isRegularFile(path)) {
                try (JarFile jar = new JarFile(path.toFile())) {
                    for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                        String name = e.nextElement().getName();
                        if (name.endsWith(".class") && !name.startsWith("META-INF/")) {
                            names.add(name(name));
                        }
                    }
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
            }
        }
        names.removeIf(n -> n.endsWith("module-info"));
        return names;
    }

    private static String name(final String file) {
        return file.substring(0, file.length() - ".class".length());
    }
}
