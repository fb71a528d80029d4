package dev.serialboost.transformer.kit;

import dev.serialboost.transformer.kit.RuntimeImage;
import dev.serialboost.transformer.kit.RuntimeLocation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The runtime as the agent installs it ({@link RuntimeImage}), checked on the classes this test JVM installed from
 * it ({@code FormatTestAgent} does what the agent does): its public surface, listed, and how the image is made.
 */
class RuntimeImageTest {

    private static final String INSTALLED = RuntimeLocation.INSTALLED.replace('/', '.');

    /**
     * Every public or protected member of every class code outside {@code java.io} can name, once installed ({@code
     * java.io} is exported to every module, so each of these is callable by every class in the JVM). The list is
     * {@code public-surface.txt} beside this class; the test fails when the surface changes, so that a new public
     * member is a decision someone reads (it must grant nothing: see docs/security.md), never an accident. The hooks
     * the patched {@code java.io} code calls are package-private and do not appear; nor does a class public only for
     * the runtime's packages to call each other when compiled.
     */
    @Test
    void thePublicSurfaceIsTheListedOne() throws Exception {
        List<String> expected;
        try (InputStream in = RuntimeImageTest.class.getResourceAsStream("public-surface.txt")) {
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        }
        assertEquals(String.join("\n", expected), String.join("\n", surface()),
                "the runtime's public surface changed: every public member is callable by every class in the JVM;"
                        + " if the change grants nothing, update public-surface.txt and docs/security.md");
    }

    @Test
    void everyClassComesAfterTheRuntimeClassesAboveIt() throws IOException {
        List<RuntimeImage.Entry> image = image();
        Set<String> defined = new HashSet<>();
        for (RuntimeImage.Entry entry : image) {
            ClassReader reader = new ClassReader(entry.classFile());
            assertEquals(entry.binaryName(), reader.getClassName().replace('/', '.'));
            List<String> above = new ArrayList<>(List.of(reader.getInterfaces()));
            above.add(reader.getSuperName());
            for (String type : above) {
                String name = type.replace('/', '.');
                assertTrue(!name.startsWith(INSTALLED) || defined.contains(name), entry.binaryName() + " before "
                        + name);
            }
            assertFalse(new String(entry.classFile(), StandardCharsets.ISO_8859_1).contains(RuntimeLocation.SOURCE),
                    entry.binaryName() + " still names the runtime's compiled package");
            defined.add(entry.binaryName());
        }
        assertFalse(defined.contains(INSTALLED + "ApplicationFacing"), "the marker is not installed");
        assertEquals(RuntimeImage.read(RuntimeImage.runtimeLocation()).size() - 1, image.size());
    }

    @Test
    void theImageWrittenIsTheImageBuilt(@org.junit.jupiter.api.io.TempDir final Path dir) throws IOException {
        List<RuntimeImage.Entry> image = image();
        RuntimeImage.write(image, dir);
        List<String> index = Files.readAllLines(dir.resolve(RuntimeImage.INDEX));
        assertEquals(image.stream().map(RuntimeImage.Entry::binaryName).toList(), index);
        for (RuntimeImage.Entry entry : image) {
            assertTrue(Arrays.equals(entry.classFile(),
                    Files.readAllBytes(dir.resolve(RuntimeImage.DIRECTORY + entry.binaryName() + RuntimeImage.SUFFIX))));
        }
    }

    @Test
    void onlyMarkedClassesStayPublic() {
        Map<String, byte[]> classes = new LinkedHashMap<>();
        classes.put("dev/serialboost/runtime/engine/Hooks", type("dev/serialboost/runtime/engine/Hooks", false,
                "java/lang/Object"));
        classes.put("dev/serialboost/runtime/converted/Called", type("dev/serialboost/runtime/converted/Called",
                true, "java/lang/Object"));
        Map<String, Integer> access = new TreeMap<>();
        for (RuntimeImage.Entry entry : RuntimeImage.build(classes)) {
            access.put(entry.binaryName(), new ClassReader(entry.classFile()).getAccess() & Opcodes.ACC_PUBLIC);
        }
        assertEquals(Map.of(INSTALLED + "Called", Opcodes.ACC_PUBLIC, INSTALLED + "Hooks", 0), access);
    }

    @Test
    void aPublicClassAboveAPackagePrivateOneOrTwoClassesOfOneNameAreRefused() {
        Map<String, byte[]> classes = new TreeMap<>();
        classes.put("dev/serialboost/runtime/engine/Base", type("dev/serialboost/runtime/engine/Base", false,
                "java/lang/Object"));
        classes.put("dev/serialboost/runtime/converted/Sub", type("dev/serialboost/runtime/converted/Sub", true,
                "dev/serialboost/runtime/engine/Base"));
        assertEquals("dev/serialboost/runtime/converted/Sub stays public once installed but extends"
                        + " dev/serialboost/runtime/engine/Base, which does not: mark both @ApplicationFacing, or"
                        + " neither",
                assertThrows(IllegalStateException.class, () -> RuntimeImage.build(classes)).getMessage());
        Map<String, byte[]> twice = new TreeMap<>();
        twice.put("dev/serialboost/runtime/engine/Same", type("dev/serialboost/runtime/engine/Same", false,
                "java/lang/Object"));
        twice.put("dev/serialboost/runtime/converted/Same", type("dev/serialboost/runtime/converted/Same", false,
                "java/lang/Object"));
        assertEquals("two runtime classes install as java/io/Serialboost$Same: dev/serialboost/runtime/converted/Same"
                        + " and dev/serialboost/runtime/engine/Same",
                assertThrows(IllegalStateException.class, () -> RuntimeImage.build(twice)).getMessage());
    }

    private static byte[] type(final String name, final boolean marked, final String superName) {
        ClassWriter writer = new ClassWriter(0);
        writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, superName, null);
        if (marked) {
            writer.visitAnnotation("L" + RuntimeLocation.SOURCE + "ApplicationFacing;", false).visitEnd();
        }
        writer.visitEnd();
        return writer.toByteArray();
    }

    private static List<RuntimeImage.Entry> image() throws IOException {
        return RuntimeImage.build(RuntimeImage.read(RuntimeImage.runtimeLocation()));
    }

    /** {@code class Name}, then {@code   member} lines, sorted; names without the installed prefix. */
    static List<String> surface() throws IOException, ClassNotFoundException {
        TreeSet<String> names = new TreeSet<>();
        for (RuntimeImage.Entry entry : image()) {
            names.add(entry.binaryName());
        }
        List<String> lines = new ArrayList<>();
        for (String name : names) {
            Class<?> c = Class.forName(name, false, null);
            if (!visible(c)) {
                continue;
            }
            lines.add("class " + name.substring(INSTALLED.length()));
            TreeSet<String> members = new TreeSet<>();
            List<Member> all = new ArrayList<>();
            all.addAll(Arrays.asList(c.getDeclaredFields()));
            all.addAll(Arrays.asList(c.getDeclaredMethods()));
            all.addAll(Arrays.asList(c.getDeclaredConstructors()));
            for (Member m : all) {
                int mod = m.getModifiers();
                if ((Modifier.isPublic(mod) || Modifier.isProtected(mod)) && !m.isSynthetic()) {
                    members.add("  " + describe(m));
                }
            }
            lines.addAll(members);
        }
        return lines;
    }

    /** Whether code outside the package can name the class: public, and every class it is nested in too. */
    private static boolean visible(final Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getDeclaringClass()) {
            if (!Modifier.isPublic(k.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    private static String describe(final Member m) {
        String mods = Modifier.toString(m.getModifiers() & (Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC
                | Modifier.FINAL | Modifier.VOLATILE));
        if (m instanceof Field f) {
            return mods + " " + simple(f.getType()) + " " + f.getName();
        }
        Class<?>[] params = m instanceof Method method ? method.getParameterTypes()
                : ((Constructor<?>) m).getParameterTypes();
        String returns = m instanceof Method method ? simple(method.getReturnType()) + " " : "";
        String name = m instanceof Constructor<?> ? "<init>" : m.getName();
        return mods + " " + returns + name + "("
                + String.join(", ", Arrays.stream(params).map(RuntimeImageTest::simple).toList()) + ")";
    }

    private static String simple(final Class<?> type) {
        String name = type.getSimpleName();
        String prefix = RuntimeLocation.INSTALLED.substring("java/io/".length());
        return name.startsWith(prefix) ? name.substring(prefix.length()) : name;
    }
}
