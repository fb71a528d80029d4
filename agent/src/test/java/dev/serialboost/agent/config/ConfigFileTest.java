package dev.serialboost.agent.config;

import dev.serialboost.transformer.converted.ClassOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigFileTest {

    private static final Path FILE = Path.of("conf/serialboost.conf");

    @ParameterizedTest(name = "{0} matches {1}: {2}")
    @CsvSource({
        "com.acme.**,       com.acme.Order,          true",
        "com.acme.**,       com.acme.deep.Order,     true",
        "com.acme.**,       com.acmex.Order,         false",
        "com.acme.*,        com.acme.Order,          true",
        "com.acme.*,        com.acme.deep.Order,     false",
        "com.acme.*Dto,     com.acme.OrderDto,       true",
        "com.acme.*Dto,     com.acme.OrderDtoX,      false",
        "com.acme.Order$*,  com.acme.Order$Line,     true",
        "com.acme.Order,    com.acme.Order$Line,     false",
        "**,                Anything,                true",
        "**.Order,          com.acme.Order,          true",
    })
    void globs(final String glob, final String className, final boolean matches) {
        assertEquals(matches, ClassGlob.parse(glob).matches(className));
    }

    @ParameterizedTest
    @CsvSource({"com..acme", ".com", "com.", "com.a-b", "com.***", "com.acme/Order"})
    void malformedGlobsAreRejectedWithTheReason(final String glob) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClassGlob.parse(glob));
        assertTrue(e.getMessage().contains(glob), e.getMessage());
    }

    @Test
    void aRuleNamingOneClassDecidesOnlyWhenNoPatternRuleBeforeItMatches() throws ConfigException {
        ConfigFile rules = ConfigFile.parse(FILE, List.of(
                "exclude com.acme.legacy.**",
                "include com.acme.legacy.Kept",
                "include com.acme.Order bulk=off",
                "include com.acme.Order",
                "include com.acme.*Dto",
                "include com.acme.LineDto bulk=off",
                "exclude **"));
        assertFalse(rules.optionsFor("com.acme.legacy.Kept").included(), "the pattern before it decides");
        assertEquals("conf/serialboost.conf line 1", rules.optionsFor("com.acme.legacy.Kept").origin());
        assertTrue(rules.optionsFor("com.acme.Order").included());
        assertFalse(rules.optionsFor("com.acme.Order").bulk(), "the first of two rules for the same name decides");
        assertTrue(rules.optionsFor("com.acme.LineDto").bulk(), "the pattern before it decides");
        assertFalse(rules.optionsFor("com.acme.Order$Line").included(), "a name rule matches that name only");
        assertEquals("conf/serialboost.conf line 7", rules.optionsFor("com.acme.Order$Line").origin());
        assertEquals("com.acme.Order$Line", ClassGlob.parse("com.acme.Order$Line").literal());
        assertNull(ClassGlob.parse("com.acme.*").literal());
    }

    @Test
    void firstMatchingRuleWinsAndUnmatchedClassesAreIncludedWithConvertAll() throws ConfigException {
        ConfigFile rules = ConfigFile.parse(FILE, List.of(
                "# comment line",
                "",
                "exclude com.acme.legacy.**   # trailing comment",
                "include com.acme.Session bulk=off",
                "include com.acme.**",
                "exclude **"));
        assertEquals(4, rules.ruleCount());
        ClassOptions legacy = rules.optionsFor("com.acme.legacy.Old");
        assertFalse(legacy.included());
        assertEquals(FILE + " line 3", legacy.origin());
        ClassOptions session = rules.optionsFor("com.acme.Session");
        assertTrue(session.included());
        assertFalse(session.bulk());
        assertTrue(rules.optionsFor("com.acme.Order").bulk());
        assertFalse(rules.optionsFor("org.other.Thing").included());
        assertEquals(ClassOptions.DEFAULT, ConfigFile.parse(FILE, List.of()).withConvert(ConvertMode.ALL)
                .optionsFor("org.other.Thing"));
    }

    @Test
    void unmatchedClassesAreNotIncludedByDefaultAndRulesDecideInBothModes() throws ConfigException {
        ConfigFile rules = ConfigFile.parse(FILE, List.of(
                "exclude com.acme.legacy.**",
                "include com.acme.Session",
                "include com.acme.** bulk=off"));
        assertEquals(3, rules.ruleCount());
        assertEquals(2, rules.includeCount());
        for (ConfigFile mode : List.of(rules, rules.withConvert(ConvertMode.RULES), rules.withConvert(ConvertMode.ALL))) {
            ClassOptions legacy = mode.optionsFor("com.acme.legacy.Old");
            assertFalse(legacy.included());
            assertFalse(legacy.unnamed(), "an exclude rule names the class");
            assertEquals(FILE + " line 1", legacy.origin());
            assertTrue(mode.optionsFor("com.acme.Session").bulk());
            assertTrue(mode.optionsFor("com.acme.Order").included());
            assertFalse(mode.optionsFor("com.acme.Order").bulk());
        }
        ClassOptions other = rules.optionsFor("org.other.Thing");
        assertFalse(other.included(), "convert=rules is the default: no rule, no conversion");
        assertTrue(other.unnamed());
        assertEquals("no rule of " + FILE + " matches it; convert=rules", other.origin());
        assertEquals(other, rules.withConvert(ConvertMode.ALL).withConvert(ConvertMode.RULES).optionsFor("org.X"));
        assertEquals(ClassOptions.DEFAULT, rules.withConvert(ConvertMode.ALL).optionsFor("org.other.Thing"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "convert com.acme.**            | line 2: unknown rule 'convert'",
        "include                        | line 2: 'include' needs a class pattern",
        "include com..acme              | line 2: class pattern 'com..acme' has an empty package segment",
        "include com.acme.** bulck      | line 2: unknown option 'bulck'; known options: bulk",
        "exclude com.acme.** bulk=off   | line 2: option 'bulk' only makes sense on an include rule",
        "include com.acme.** bulk=yes   | line 2: option 'bulk' takes on or off, not 'yes'",
        "include com.acme.** run-constructor | line 2: option 'run-constructor' is retired: a converted class is now"
            + " created on read as plain JDK creates it",
    })
    void errorsNameFileLineAndProblem(final String badLine, final String expected) {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigFile.parse(FILE, List.of("include ok.**", badLine)));
        assertEquals(FILE + " " + expected, e.getMessage().substring(0, FILE.toString().length() + 1 + expected.length()));
    }

    @Test
    void missingFileIsNamed(@TempDir final Path dir) {
        Path missing = dir.resolve("nope.conf");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigFile.read(missing));
        assertEquals("config file " + missing + " does not exist", e.getMessage());
    }

    @Test
    void settingsResolveAgentArgumentThenPropertyThenEnvironment(@TempDir final Path dir) throws Exception {
        Path conf = Files.writeString(dir.resolve("a.conf"), "exclude com.x.**\n");
        AgentConfig config = AgentConfig.resolve("verbose=false,config=" + conf,
                Map.of("serialboost.verbose", "true", "serialboost.summary", "true", "user.name", "x"),
                Map.of("SERIALBOOST_SUMMARY", "false", "SERIALBOOST_DUMP", "/tmp/d", "PATH", "/bin"));
        assertFalse(config.verbose(), "agent argument beats system property");
        assertTrue(config.summary(), "system property beats environment variable");
        assertEquals(Path.of("/tmp/d"), config.dump());
        assertEquals(conf + " (agent argument config)", config.configSource());
        assertFalse(config.rules().optionsFor("com.x.Y").included());
        assertTrue(config.enabled());
    }

    @ParameterizedTest(name = "argument {0}, property {1}, environment {2}: {3}")
    @CsvSource({
        "all,   rules, rules, ALL",
        "rules, all,   all,   RULES",
        ",      all,   rules, ALL",
        ",      RULES, all,   RULES",
        ",      ,      all,   ALL",
        ",      ,      ,      RULES",
    })
    void convertResolvesAgentArgumentThenPropertyThenEnvironmentAndDefaultsToRules(
            final String argument, final String property, final String environment, final ConvertMode expected)
            throws ConfigException {
        AgentConfig config = AgentConfig.resolve(argument == null ? null : "convert=" + argument,
                property == null ? Map.of() : Map.of("serialboost.convert", property),
                environment == null ? Map.of() : Map.of("SERIALBOOST_CONVERT", environment));
        assertEquals(expected, config.convert());
        assertEquals(expected == ConvertMode.ALL, config.converts(), "no config file: only convert=all converts");
        assertEquals(expected == ConvertMode.ALL ? "all eligible classes" : "none", config.converting());
    }

    @Test
    void conversionHappensOnlyWithConvertAllOrAnIncludeRule(@TempDir final Path dir) throws Exception {
        Path excludes = Files.writeString(dir.resolve("excludes.conf"), "exclude com.x.**\n");
        Path includes = Files.writeString(dir.resolve("includes.conf"),
                "exclude com.x.Old\ninclude com.x.**\ninclude com.y.Z bulk=off\n");
        Path one = Files.writeString(dir.resolve("one.conf"), "include com.x.A\n");

        AgentConfig none = AgentConfig.resolve(null, Map.of(), Map.of());
        assertFalse(none.converts());
        assertEquals("none", none.converting());
        assertFalse(none.policy().optionsFor("com.x.A").included());

        AgentConfig onlyExcludes = AgentConfig.resolve("config=" + excludes, Map.of(), Map.of());
        assertFalse(onlyExcludes.converts(), "a rules file without include rules converts nothing");
        assertEquals("none", onlyExcludes.converting());

        AgentConfig rules = AgentConfig.resolve("config=" + includes, Map.of(), Map.of());
        assertTrue(rules.converts());
        assertEquals("classes named by 2 include rules", rules.converting());
        assertTrue(rules.policy().optionsFor("com.x.A").included());
        assertFalse(rules.policy().optionsFor("com.x.Old").included());
        assertFalse(rules.policy().optionsFor("org.other.B").included());
        assertEquals("classes named by 1 include rule",
                AgentConfig.resolve("config=" + one, Map.of(), Map.of()).converting());

        AgentConfig all = AgentConfig.resolve("config=" + includes + ",convert=all", Map.of(), Map.of());
        assertTrue(all.converts());
        assertEquals("all eligible classes not excluded by a rule", all.converting());
        assertTrue(all.policy().optionsFor("org.other.B").included());
        assertFalse(all.policy().optionsFor("com.x.Old").included(), "exclude rules still exclude with convert=all");
        assertTrue(AgentConfig.resolve("config=" + excludes, Map.of("serialboost.convert", "all"), Map.of()).converts());
        assertEquals("all eligible classes", AgentConfig.resolve("config=" + one + ",convert=all", Map.of(), Map.of())
                .converting());
        assertTrue(AgentConfig.resolve("convert=all", Map.of(), Map.of()).policy().optionsFor("org.B").included());
    }

    @Test
    void defaultsWithoutAnySetting() throws ConfigException {
        AgentConfig config = AgentConfig.resolve(null, Map.of(), Map.of());
        assertTrue(config.enabled());
        assertFalse(config.verbose());
        assertFalse(config.summary());
        assertNull(config.dump());
        assertNull(config.rules());
        assertEquals("no config file", config.configSource());
        assertEquals(ConvertMode.RULES, config.convert());
        assertFalse(config.converts(), "without settings, nothing is converted");
        assertTrue(config.engine());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "verbos=true||                 | agent argument 'verbos' is not a serialboost setting",
        "verbose||                     | agent argument 'verbose' is not NAME=value",
        "|serialboost.verbos=true|     | system property serialboost.verbos is not a serialboost setting",
        "||SERIALBOOST_VERBOS=true     | environment variable SERIALBOOST_VERBOS is not a serialboost setting",
        "verbose=yes||                 | agent argument verbose takes true or false, not 'yes'",
        "config=||                     | agent argument config is empty",
        "convert=some||                | agent argument convert takes rules (convert only the classes an include rule names) or all (convert every eligible class), not 'some'",
        "|serialboost.convert=yes|     | system property serialboost.convert takes rules (",
        "||SERIALBOOST_CONVERT=none    | environment variable SERIALBOOST_CONVERT takes rules (",
    })
    void badSettingsAreNamed(final String args, final String property, final String env, final String expected) {
        Map<String, String> props = property == null ? Map.of() : Map.of(property.split("=")[0], property.split("=")[1]);
        Map<String, String> vars = env == null ? Map.of() : Map.of(env.split("=")[0], env.split("=")[1]);
        ConfigException e = assertThrows(ConfigException.class, () -> AgentConfig.resolve(args, props, vars));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void disabledAgentDoesNotEvenReadTheConfigFile() throws ConfigException {
        AgentConfig config = AgentConfig.resolve("enabled=false,config=/does/not/exist", Map.of(), Map.of());
        assertFalse(config.enabled());
    }

    @Test
    void filterSettingsResolveWithTheirEnvironmentNames() throws ConfigException {
        AgentConfig config = AgentConfig.resolve("filter=/etc/f.txt", Map.of("serialboost.filter-mode", "report"),
                Map.of("SERIALBOOST_RECORD_CLASSES", "/tmp/r.txt"));
        assertEquals(new FilterSettings(Path.of("/tmp/r.txt"), Path.of("/etc/f.txt"), true), config.filters());
        assertEquals(FilterSettings.NONE, AgentConfig.resolve("", Map.of(), Map.of()).filters());
        ConfigException mode = assertThrows(ConfigException.class,
                () -> AgentConfig.resolve("filter=f,filter-mode=warn", Map.of(), Map.of()));
        assertEquals("agent argument filter-mode takes enforce or report, not 'warn'", mode.getMessage());
        ConfigException alone = assertThrows(ConfigException.class,
                () -> AgentConfig.resolve("filter-mode=report", Map.of(), Map.of()));
        assertEquals("agent argument filter-mode is set but no filter file is (filter=FILE)", alone.getMessage());
        ConfigException empty = assertThrows(ConfigException.class,
                () -> AgentConfig.resolve("record-classes=", Map.of(), Map.of()));
        assertEquals("agent argument record-classes is empty; give the path of a file", empty.getMessage());
    }
}
