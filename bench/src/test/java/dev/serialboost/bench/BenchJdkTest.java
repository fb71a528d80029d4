package dev.serialboost.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The JDKs a run names: by feature number (the homes the tests use) or by home. */
class BenchJdkTest {

    @TempDir
    Path temp;

    @Test
    void theRunnerKnowsTheJdksTheTestsUse() {
        BenchJdk running = BenchJdk.resolve(String.valueOf(Runtime.version().feature()));
        assertEquals(Runtime.version().feature(), running.feature());
        assertEquals(Path.of(System.getProperty("java.home")), running.home());
        assertEquals("JDK " + running.feature(), running.label());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BenchJdk.resolve("8"));
        assertTrue(e.getMessage().contains("--jdk /path/to/jdk-home"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BenchJdk.resolve(temp.toString()));
        assertTrue(e.getMessage().contains("no executable"), e.getMessage());
    }
}
