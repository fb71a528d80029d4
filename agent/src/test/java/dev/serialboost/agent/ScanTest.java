package dev.serialboost.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The scan command over this module's own test classes (the cross-JVM bulk shapes among them). */
class ScanTest {

    private static final Path CLASSES = Path.of("target/test-classes");
    private static final String SHAPES = "dev.serialboost.crossjvm.BulkShapes$";

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int scan(final String... args) {
        return Scan.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private List<String> lines() {
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void listsSerializableClassesWithDecisionsAndATotal() {
        assertEquals(0, scan(CLASSES.toString()), err.toString());
        List<String> lines = lines();
        assertTrue(lines.contains(SHAPES + "MarketData converted (18 fields; fields copied as one 144-byte record)"),
                String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith(SHAPES + "Child converted (2 fields after those of "
                + SHAPES + "Parent")), String.join("\n", lines));
        assertTrue(lines.stream().noneMatch(l -> l.startsWith(SHAPES.replace("$", "") + " ")),
                "non-serializable classes are not listed");
        String total = lines.get(lines.size() - 1);
        assertTrue(total.startsWith("total: ") && total.contains(" converted"), total);
    }

    @Test
    void configRulesAreApplied(@TempDir final Path dir) throws Exception {
        Path conf = Files.writeString(dir.resolve("s.conf"), "exclude dev.serialboost.crossjvm.BulkShapes$Parent\n");
        assertEquals(0, scan("--config", conf.toString(), CLASSES.toString()), err.toString());
        List<String> lines = lines();
        assertTrue(lines.contains(SHAPES + "Parent skipped: it is excluded by the configuration (" + conf + " line 1)"),
                String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith(SHAPES + "Child skipped: it has a serializable superclass"
                + " that is not converted")), String.join("\n", lines));
    }

    @Test
    void readsJarsAndPrintsJson(@TempDir final Path dir) throws Exception {
        Path jar = dir.resolve("app.jar");
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String name : List.of("MarketData", "LongInt")) {
                String entry = "dev/serialboost/crossjvm/BulkShapes$" + name + ".class";
                j.putNextEntry(new JarEntry(entry));
                j.write(Files.readAllBytes(CLASSES.resolve(entry)));
                j.closeEntry();
            }
        }
        assertEquals(0, scan("--json", jar.toString()), err.toString());
        String json = out.toString(StandardCharsets.UTF_8).strip();
        assertTrue(json.startsWith("{\"scanned\":2,\"classes\":[{\"name\":\"" + SHAPES + "LongInt\",\"converted\":true,"),
                json);
        assertTrue(json.endsWith("\"total\":\"total: 2 classes scanned, 2 serializable, 2 converted, 0 skipped\"}"), json);
    }

    @Test
    void badArgumentsAreExplained() {
        assertEquals(2, scan());
        assertTrue(err.toString().contains("usage: java -jar serialboost-agent.jar scan"), err.toString());
        err.reset();
        assertEquals(2, scan("/no/such/place"));
        assertTrue(err.toString().contains("/no/such/place is neither a jar nor a directory"), err.toString());
    }
}
