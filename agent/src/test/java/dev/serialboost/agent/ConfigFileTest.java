package dev.serialboost.agent;

import dev.serialboost.transformer.ClassOptions;
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
    void firstMatchingRuleWinsAndUnmatchedClassesAreIncluded() throws ConfigException {
        ConfigFile rules = ConfigFile.parse(FILE, List.of(
                "# comment line",
                "",
                "exclude com.acme.legacy.**   # trailing comment",
                "include com.acme.Session run-constructor",
                "include com.acme.**",
                "exclude **"));
        assertEquals(4, rules.ruleCount());
        ClassOptions legacy = rules.optionsFor("com.acme.legacy.Old");
        assertFalse(legacy.included());
        assertEquals(FILE + " line 3", legacy.origin());
        ClassOptions session = rules.optionsFor("com.acme.Session");
        assertTrue(session.included());
        assertTrue(session.runNoArgConstructor());
        assertFalse(rules.optionsFor("com.acme.Order").runNoArgConstructor());
        assertFalse(rules.optionsFor("org.other.Thing").included());
        assertEquals(ClassOptions.DEFAULT, ConfigFile.parse(FILE, List.of()).optionsFor("org.other.Thing"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "convert com.acme.**            | line 2: unknown rule 'convert'",
        "include                        | line 2: 'include' needs a class pattern",
        "include com..acme              | line 2: class pattern 'com..acme' has an empty package segment",
        "include com.acme.** bulck      | line 2: unknown option 'bulck'; known options: run-constructor, bulk",
        "exclude com.acme.** run-constructor | line 2: option 'run-constructor' only makes sense on an include rule",
        "include com.acme.** run-constructor=yes | line 2: option 'run-constructor' takes on or off, not 'yes'",
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

    @Test
    void defaultsWithoutAnySetting() throws ConfigException {
        AgentConfig config = AgentConfig.resolve(null, Map.of(), Map.of());
        assertTrue(config.enabled());
        assertFalse(config.verbose());
        assertFalse(config.summary());
        assertNull(config.dump());
        assertNull(config.rules());
        assertEquals("no config file", config.configSource());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "verbos=true||                 | agent argument 'verbos' is not a serialboost setting",
        "verbose||                     | agent argument 'verbose' is not NAME=value",
        "|serialboost.verbos=true|     | system property serialboost.verbos is not a serialboost setting",
        "||SERIALBOOST_VERBOS=true     | environment variable SERIALBOOST_VERBOS is not a serialboost setting",
        "verbose=yes||                 | agent argument verbose takes true or false, not 'yes'",
        "config=||                     | agent argument config is empty",
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
}
