package dev.serialboost.transformer.kit;

import dev.serialboost.transformer.kit.ClassFileSource;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ClassFileSource#jdk()} reads what the platform loader's resources hold: every class file of {@code java.base}
 * and of {@code java.sql} (another module), and nothing for a class the JDK does not have.
 */
class ClassFileSourceTest {

    @Test
    void theJdksClassFilesAreThePlatformLoadersResources() throws IOException {
        ClassFileSource jdk = ClassFileSource.jdk();
        ClassFileSource platform = ClassFileSource.of(ClassLoader.getPlatformClassLoader());
        List<String> names = new ArrayList<>();
        FileSystem image = FileSystems.getFileSystem(URI.create("jrt:/"));
        for (String module : List.of("java.base", "java.sql")) {
            Path root = image.getPath("/modules", module);
            try (Stream<Path> files = Files.walk(root)) {
                files.map(f -> root.relativize(f).toString()).filter(f -> f.endsWith(".class")
                        && !f.equals("module-info.class")).forEach(f -> names.add(f.substring(0, f.length() - 6)));
            }
        }
        assertTrue(names.size() > 3000 && names.contains("java/sql/Date"), names.size() + " classes");
        for (String name : names) {
            assertArrayEquals(platform.read(name), jdk.read(name), name);
        }
        assertNull(jdk.read("javax/cache/sbtest/NotInTheJdk"));
        assertNull(jdk.read("java/lang/NoSuchClass"));
    }
}
