package dev.serialboost.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The runtime's public surface, listed: every public or protected member of every public class of this package, as
 * the agent installs it in {@code java.io} (exported to every module, so each of these is callable by every class in
 * the JVM). The list is {@code public-surface.txt} beside this class; the test fails when the surface changes, so that
 * a new public member is a decision someone reads (it must grant nothing: see docs/security.md), never an accident.
 * The hooks the patched {@code java.io} code calls are package-private and do not appear.
 */
class PublicSurfaceTest {

    @Test
    void thePublicSurfaceIsTheListedOne() throws IOException, URISyntaxException, ClassNotFoundException {
        List<String> expected;
        try (InputStream in = PublicSurfaceTest.class.getResourceAsStream("public-surface.txt")) {
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        }
        assertEquals(String.join("\n", expected), String.join("\n", surface()),
                "the runtime's public surface changed: every public member is callable by every class in the JVM;"
                        + " if the change grants nothing, update public-surface.txt and docs/security.md");
    }

    /** {@code class Name}, then {@code   member} lines, sorted. */
    static List<String> surface() throws IOException, URISyntaxException, ClassNotFoundException {
        Path dir = Path.of(Engine.class.getResource("Engine.class").toURI()).getParent();
        TreeSet<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".class"))
                    .forEach(n -> names.add(n.substring(0, n.length() - ".class".length())));
        }
        List<String> lines = new ArrayList<>();
        for (String name : names) {
            Class<?> c = Class.forName(Engine.class.getPackageName() + "." + name, false,
                    PublicSurfaceTest.class.getClassLoader());
            if (!visible(c)) {
                continue;
            }
            lines.add("class " + name);
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
            return mods + " " + f.getType().getSimpleName() + " " + f.getName();
        }
        Class<?>[] params = m instanceof Method method ? method.getParameterTypes()
                : ((Constructor<?>) m).getParameterTypes();
        String returns = m instanceof Method method ? method.getReturnType().getSimpleName() + " " : "";
        return mods + " " + returns + m.getName().replace(m.getDeclaringClass().getName(), "<init>") + "("
                + String.join(", ", Arrays.stream(params).map(Class::getSimpleName).toList()) + ")";
    }
}
