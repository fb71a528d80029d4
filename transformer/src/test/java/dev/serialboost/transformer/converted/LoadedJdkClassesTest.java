package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.ClassHeader;
import dev.serialboost.transformer.converted.ClassHierarchy;
import dev.serialboost.transformer.converted.Decision;
import dev.serialboost.transformer.converted.EligibilityCheck;
import dev.serialboost.transformer.converted.TransformOptions;
import dev.serialboost.transformer.kit.ClassFileSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The headers of the JDK's loaded classes ({@link ClassHierarchy#useLoadedJdkClasses}) say what their class files
 * say, and every class of the test class path is decided the same with them as with the class files alone.
 */
class LoadedJdkClassesTest {

    private static final ClassFileSource JDK = ClassFileSource.jdk();

    @AfterEach
    void forget() {
        ClassHierarchy.useLoadedJdkClasses(Map.of());
        ClassHierarchy.forgetJdkHeaders();
    }

    @Test
    void aLoadedJdkClassHasTheHeaderOfItsClassFile() {
        Map<String, Class<?>> classes = javaBaseClasses();
        int interfaces = 0;
        int nested = 0;
        for (Map.Entry<String, Class<?>> e : classes.entrySet()) {
            String name = e.getKey();
            ClassHeader loaded = ClassHeader.of(e.getValue());
            ClassHeader file = ClassHeader.read(new ClassReader(JDK.read(name)));
            assertEquals(file.name, loaded.name, name);
            assertEquals(file.superName, loaded.superName, name);
            assertEquals(file.interfaces, loaded.interfaces, name);
            assertEquals(file.isNotAClass(), loaded.isNotAClass(), name);
            // the one check that reads the version of a JDK class's header
            assertEquals(file.majorVersion < EligibilityCheck.MIN_VERSION,
                    loaded.majorVersion < EligibilityCheck.MIN_VERSION, name);
            assertEquals(ClassHeader.NOT_READ, loaded.noArgConstructorAccess, name);
            interfaces += file.isNotAClass() ? 1 : 0;
            nested += name.contains("$") ? 1 : 0;
        }
        assertTrue(classes.size() > 2000 && interfaces > 200 && nested > 500,
                classes.size() + " classes, " + interfaces + " interfaces, " + nested + " nested");
    }

    @Test
    void theClassPathIsDecidedAsFromClassFiles() throws NoSuchMethodException {
        Map<String, Decision> fromFiles = decideTheClassPath();
        ClassHierarchy.forgetJdkHeaders();
        ClassHierarchy.useLoadedJdkClasses(javaBaseClasses());
        Map<String, Decision> fromLoaded = decideTheClassPath();
        assertEquals(fromFiles, fromLoaded);

        ClassHierarchy hierarchy = new ClassConverter(TransformOptions.DEFAULTS)
                .newHierarchy(ClassFileSource.of(getClass().getClassLoader()));
        ClassHeader exception = hierarchy.header("java/lang/Exception");
        assertEquals(ClassHeader.NOT_READ, exception.noArgConstructorAccess, "taken from the loaded class");
        ClassHeader withConstructor = hierarchy.withConstructor(exception);
        assertEquals(Exception.class.getDeclaredConstructor().getModifiers(), withConstructor.noArgConstructorAccess);
        assertEquals(withConstructor, hierarchy.withConstructor(hierarchy.header("java/lang/Exception")),
                "the header read for the constructor is kept");
    }

    /** Each class of the test class path, transformed in class-path order by one transformer and hierarchy. */
    private Map<String, Decision> decideTheClassPath() {
        ClassConverter transformer = new ClassConverter(TransformOptions.DEFAULTS);
        ClassHierarchy hierarchy = transformer.newHierarchy(ClassFileSource.of(getClass().getClassLoader()));
        Map<String, Decision> decisions = new LinkedHashMap<>();
        for (byte[] bytes : HeaderRejectionTest.classFiles()) {
            Decision d = transformer.transform(bytes, hierarchy).decision();
            decisions.put(d.className(), d);
        }
        return decisions;
    }

    /** The classes of {@code java.base}, loaded (not initialised), by internal name. */
    private static Map<String, Class<?>> javaBaseClasses() {
        Map<String, Class<?>> classes = new HashMap<>();
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Path base = jrt.getPath("/modules/java.base");
        try (Stream<Path> walk = Files.walk(base)) {
            List<String> names = walk.map(p -> base.relativize(p).toString())
                    .filter(n -> n.endsWith(".class") && !n.equals("module-info.class"))
                    .map(n -> n.substring(0, n.length() - ".class".length())).toList();
            for (String name : names) {
                if (!name.startsWith("java/")) {
                    continue;
                }
                try {
                    classes.put(name, Class.forName(name.replace('/', '.'), false, null));
                } catch (ClassNotFoundException | LinkageError e) {
                    // not loadable here: not a class the agent would be handed
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertNotNull(classes.get("java/lang/Exception"));
        return classes;
    }
}
