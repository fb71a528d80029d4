package dev.serialboost.agent.cli;

import dev.serialboost.agent.config.ConfigFile;
import dev.serialboost.agent.config.ConvertMode;
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
        assertEquals(0, scan("--convert", "all", CLASSES.toString()), err.toString());
        List<String> lines = lines();
        assertEquals("converting: all eligible classes", lines.get(0));
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
        assertEquals(0, scan("--config", conf.toString(), "--convert", "all", CLASSES.toString()), err.toString());
        List<String> lines = lines();
        assertTrue(lines.contains(SHAPES + "Parent skipped: it is excluded by the configuration (" + conf + " line 1)"),
                String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith(SHAPES + "Child skipped: it has a serializable superclass"
                + " that is not converted")), String.join("\n", lines));
    }

    @Test
    void readsJarsAndPrintsJson(@TempDir final Path dir) throws Exception {
        Path jar = jar(dir.resolve("app.jar"), "MarketData", "LongInt");
        assertEquals(0, scan("--json", "--convert", "all", jar.toString()), err.toString());
        String json = out.toString(StandardCharsets.UTF_8).strip();
        assertTrue(json.startsWith("{\"scanned\":2,\"classes\":[{\"name\":\"" + SHAPES + "LongInt\",\"source\":"
                + "\"" + jar + "\",\"converted\":true,"), json);
        assertTrue(json.endsWith("\"total\":\"total: 2 classes scanned, 2 serializable, 2 converted, 0 skipped\"}"), json);
        assertTrue(json.contains("],\"convert\":\"all\",\"converting\":\"all eligible classes\",\"totals\":{"
                + "\"scanned\":2,\"serializable\":2,\"converted\":2,\"skipped\":0,\"reasons\":{}},\"sources\":[{"
                + "\"path\":\"" + jar + "\",\"scanned\":2,\"serializable\":2,\"converted\":2,\"skipped\":0,"
                + "\"reasons\":{}}],\"total\":"), json);

        out.reset();
        assertEquals(0, scan("--json", jar.toString()), err.toString());
        json = out.toString(StandardCharsets.UTF_8).strip();
        assertTrue(json.contains("\"convert\":\"rules\",\"converting\":\"none\""), json);
        assertTrue(json.contains("{\"name\":\"" + SHAPES + "MarketData\",\"source\":\"" + jar + "\",\"converted\""
                + ":false,\"reason\":\"not-included\","), json);
        assertTrue(json.contains("\"totals\":{\"scanned\":2,\"serializable\":2,\"converted\":0,\"skipped\":2,"
                + "\"reasons\":{\"not-included\":2}}"), json);
        assertTrue(json.endsWith("\"total: 2 classes scanned, 2 serializable, 0 converted, 2 skipped (not-included=2)\"}"),
                json);
    }

    @Test
    void eachClassIsCountedForThePathItCameFromTheFirstOnTheClassPath(@TempDir final Path dir) throws Exception {
        Path first = jar(dir.resolve("first.jar"), "MarketData", "LongInt");
        Path second = jar(dir.resolve("second.jar"), "LongInt", "Parent", "Child");
        String classPath = first + java.io.File.pathSeparator + second;
        assertEquals(0, scan("--convert", "all", classPath), err.toString());
        List<String> lines = lines();
        assertEquals(List.of(
                "total in " + first + ": 2 classes scanned, 2 serializable, 2 converted, 0 skipped",
                "total in " + second + ": 2 classes scanned, 2 serializable, 2 converted, 0 skipped",
                "total: 4 classes scanned, 4 serializable, 4 converted, 0 skipped"),
                lines.subList(lines.size() - 3, lines.size()));

        out.reset();
        assertEquals(0, scan("--json", "--convert", "all", classPath), err.toString());
        String json = out.toString(StandardCharsets.UTF_8).strip();
        assertTrue(json.contains("{\"name\":\"" + SHAPES + "LongInt\",\"source\":\"" + first + "\","), json);
        assertTrue(json.contains("{\"name\":\"" + SHAPES + "Child\",\"source\":\"" + second + "\","), json);
        assertTrue(json.contains("\"sources\":[{\"path\":\"" + first + "\",\"scanned\":2,\"serializable\":2,"
                + "\"converted\":2,\"skipped\":0,\"reasons\":{}},{\"path\":\"" + second + "\",\"scanned\":2,"), json);

        out.reset();
        assertEquals(0, scan("--convert", "all", dir + java.io.File.separator + "*"), err.toString());
        assertEquals(lines, lines(), "DIR/* is the jars in DIR, as java -cp reads it");
    }

    @Test
    void writtenRulesConvertExactlyWhatTheScanListedInEitherConvertMode(@TempDir final Path dir) throws Exception {
        Path conf = Files.writeString(dir.resolve("in.conf"), "exclude dev.serialboost.crossjvm.BulkShapes$Parent\n"
                + "include dev.serialboost.crossjvm.BulkShapes$MarketData bulk=off\n");
        Path rules = dir.resolve("out.conf");
        assertEquals(0, scan("--config", conf.toString(), "--convert", "all", "--write-rules", rules.toString(),
                CLASSES.toString()), err.toString());
        List<String> converted = converted(lines());
        assertTrue(converted.size() > 5 && !converted.contains(SHAPES + "Parent") && !converted.contains(SHAPES + "Child"),
                converted.toString());
        assertEquals("serialboost scan: wrote " + rules + ": " + converted.size() + " include rules and exclude **",
                err.toString(StandardCharsets.UTF_8).strip());
        List<String> written = Files.readAllLines(rules);
        assertTrue(written.contains("include " + SHAPES + "MarketData bulk=off"), String.join("\n", written));
        assertTrue(written.contains("include " + SHAPES + "LongInt"), String.join("\n", written));
        assertEquals("exclude **", written.get(written.size() - 1));
        assertEquals(converted.size(), written.stream().filter(l -> l.startsWith("include ")).count());

        for (String mode : List.of("rules", "all")) {
            out.reset();
            assertEquals(0, scan("--config", rules.toString(), "--convert", mode, CLASSES.toString()), err.toString());
            assertEquals(converted, converted(lines()), "convert=" + mode);
            assertTrue(lines().contains(SHAPES + "MarketData converted (18 fields)"), "bulk=off is kept");
        }
    }

    @Test
    void writingRulesWithNothingConvertedSaysSo(@TempDir final Path dir) throws Exception {
        Path rules = dir.resolve("out.conf");
        assertEquals(0, scan("--write-rules", rules.toString(), CLASSES.toString()), err.toString());
        assertEquals("serialboost scan: wrote " + rules + ": 0 include rules and exclude ** (no class would be"
                + " converted: see what --convert all would convert)", err.toString(StandardCharsets.UTF_8).strip());
        assertEquals(ConvertMode.RULES.describe(ConfigFile.read(rules)), "none");
    }

    private static List<String> converted(final List<String> lines) {
        return lines.stream().filter(l -> l.matches("\\S+ converted \\(.*")).map(l -> l.substring(0, l.indexOf(' ')))
                .toList();
    }

    private static Path jar(final Path jar, final String... shapes) throws Exception {
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String name : shapes) {
                String entry = "dev/serialboost/crossjvm/BulkShapes$" + name + ".class";
                j.putNextEntry(new JarEntry(entry));
                j.write(Files.readAllBytes(CLASSES.resolve(entry)));
                j.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void withoutAConfigNothingWouldBeConvertedInTheDefaultMode() {
        assertEquals(0, scan(CLASSES.toString()), err.toString());
        List<String> lines = lines();
        assertEquals("converting: none (no include rule and no convert=all: the agent changes no class; see what"
                + " --convert all or a --config file with include rules would convert)", lines.get(0));
        assertTrue(lines.contains(SHAPES + "MarketData skipped: it is not named by an include rule (no config file;"
                + " convert=rules)"), String.join("\n", lines));
        String total = lines.get(lines.size() - 1);
        assertTrue(total.matches("total: \\d+ classes scanned, (\\d+) serializable, 0 converted, \\d+ skipped \\(.*"
                + "not-included=\\d+.*\\)"), total);
        assertTrue(lines.stream().noneMatch(l -> l.contains(" converted (")), String.join("\n", lines));
    }

    @Test
    void anIncludeRuleConvertsOnlyWhatItNames(@TempDir final Path dir) throws Exception {
        Path conf = Files.writeString(dir.resolve("s.conf"), "include dev.serialboost.crossjvm.BulkShapes$MarketData\n");
        assertEquals(0, scan("--config", conf.toString(), CLASSES.toString()), err.toString());
        List<String> lines = lines();
        assertEquals("converting: classes named by 1 include rule", lines.get(0));
        List<String> converted = lines.stream().filter(l -> l.contains(" converted (")).toList();
        assertEquals(List.of(SHAPES + "MarketData converted (18 fields; fields copied as one 144-byte record)"),
                converted);
        assertTrue(lines.contains(SHAPES + "Parent skipped: it is not named by an include rule (no rule of " + conf
                + " matches it; convert=rules)"), String.join("\n", lines));
        assertTrue(lines.get(lines.size() - 1).contains(" 1 converted, "), lines.get(lines.size() - 1));
    }

    @Test
    void badArgumentsAreExplained() {
        assertEquals(2, scan());
        assertTrue(err.toString().contains("usage: java -jar serialboost-agent.jar scan"), err.toString());
        err.reset();
        assertEquals(2, scan("/no/such/place"));
        assertTrue(err.toString().contains("/no/such/place is neither a jar nor a directory"), err.toString());
        err.reset();
        assertEquals(2, scan("--convert", "some", CLASSES.toString()));
        assertEquals("serialboost scan: --convert takes rules (convert only the classes an include rule names) or all"
                + " (convert every eligible class), not 'some'", err.toString().strip());
        err.reset();
        assertEquals(2, scan(CLASSES.toString(), "--convert"));
        assertTrue(err.toString().contains("--convert needs rules or all"), err.toString());
        err.reset();
        assertEquals(2, scan(CLASSES.toString(), "--write-rules"));
        assertTrue(err.toString().contains("--write-rules needs a file to write"), err.toString());
        err.reset();
        assertEquals(2, scan("--write-rules", "/no/such/dir/out.conf", CLASSES.toString()));
        assertTrue(err.toString().contains("cannot write the rules file /no/such/dir/out.conf"), err.toString());
        assertTrue(out.toString(StandardCharsets.UTF_8).isEmpty(), "nothing on stdout for bad arguments");
    }
}
