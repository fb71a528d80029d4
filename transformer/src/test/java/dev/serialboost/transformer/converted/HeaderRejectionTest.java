package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.ClassHeader;
import dev.serialboost.transformer.converted.ClassHierarchy;
import dev.serialboost.transformer.converted.ClassInfo;
import dev.serialboost.transformer.converted.Decision;
import dev.serialboost.transformer.converted.EligibilityCheck;
import dev.serialboost.transformer.converted.SkipReason;
import dev.serialboost.transformer.converted.TransformOptions;
import dev.serialboost.transformer.kit.ClassFileSource;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The transformer rejects most classes from their headers and those of their supertypes; this checks, on every
 * class of the test class path (ASM, JUnit, the corpus and fixtures), in class-path order as a loader defines them,
 * that it decides exactly as the whole check of each class's full summary does, and that a header says what the
 * full summary of the same class file says.
 */
class HeaderRejectionTest {

    private final ClassFileSource classPath = ClassFileSource.of(getClass().getClassLoader());

    @Test
    void decidesAsTheFullCheckOnEveryClassOfTheClassPath() {
        ClassConverter transformer = new ClassConverter(TransformOptions.DEFAULTS);
        EligibilityCheck full = new EligibilityCheck(TransformOptions.DEFAULTS);
        ClassHierarchy headers = transformer.newHierarchy(classPath);
        ClassHierarchy summaries = transformer.newHierarchy(classPath);
        Map<SkipReason, Integer> fromHeader = new TreeMap<>();
        int converted = 0;
        int classes = 0;
        for (byte[] bytes : classFiles()) {
            ClassInfo info = ClassInfo.parse(bytes);
            summaries.remember(info);
            Decision expected = full.decide(info, summaries);
            Decision actual = transformer.transform(bytes, headers).decision();
            assertEquals(expected, actual, info.className());
            if (full.rejectFromHeader(info.header, headers) != null) {
                fromHeader.merge(actual.reason(), 1, Integer::sum);
            }
            converted += actual.isConverted() ? 1 : 0;
            classes++;
        }
        // the comparison means something only if both kinds of class are many
        int rejected = fromHeader.values().stream().mapToInt(Integer::intValue).sum();
        assertTrue(classes > 1000 && rejected > classes / 2 && converted > 100,
                classes + " classes, " + converted + " converted, rejected from the header: " + fromHeader);
    }

    @Test
    void aHeaderSaysWhatTheFullSummarySays() {
        for (byte[] bytes : classFiles()) {
            ClassInfo info = ClassInfo.parse(bytes);
            ClassHeader header = info.header;
            String name = info.className();
            assertEquals(info.name, header.name, name);
            assertEquals(info.superName, header.superName, name);
            assertEquals(info.interfaces, header.interfaces, name);
            assertEquals(info.majorVersion, header.majorVersion, name);
            assertEquals(info.access & 0xFFFF, header.access, name);
            assertEquals(noArgConstructorAccess(bytes), header.noArgConstructorAccess, name);
        }
    }

    /** The access of {@code <init>()V} as ASM's visitor reports it, -1 when there is none. */
    private static int noArgConstructorAccess(final byte[] classFile) {
        int[] access = {-1};
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(final int a, final String n, final String d, final String signature,
                                             final String[] exceptions) {
                if (access[0] < 0 && n.equals("<init>") && d.equals("()V")) {
                    access[0] = a & 0xFFFF;
                }
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return access[0];
    }

    /** Every class file of the test class path, jars and directories, in class-path order. */
    static List<byte[]> classFiles() {
        List<byte[]> files = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            try {
                if (Files.isDirectory(path)) {
                    try (Stream<Path> walk = Files.walk(path)) {
                        for (Path file : (Iterable<Path>) walk.sorted()::iterator) {
                            if (isClass(path.relativize(file).toString())) {
                                files.add(Files.readAllBytes(file));
                            }
                        }
                    }
                } else if (entry.endsWith(".jar") && Files.isRegularFile(path)) {
                    try (JarFile jar = new JarFile(path.toFile())) {
                        for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                            JarEntry j = e.nextElement();
                            if (isClass(j.getName())) {
                                files.add(jar.getInputStream(j).readAllBytes());
                            }
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    private static boolean isClass(final String name) {
        return name.endsWith(".class") && !name.startsWith("META-INF") && !name.endsWith("module-info.class")
                && !name.endsWith("package-info.class");
    }
}
