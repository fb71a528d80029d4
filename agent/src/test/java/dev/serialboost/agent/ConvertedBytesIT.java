package dev.serialboost.agent;

import dev.serialboost.agent.config.AgentConfig;
import dev.serialboost.agent.config.ConfigException;
import dev.serialboost.it.libraries.LoadEveryClass;
import dev.serialboost.testing.Jdk;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.converted.ClassHierarchy;
import dev.serialboost.transformer.kit.RuntimeLocation;
import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.TransformOptions;
import dev.serialboost.transformer.converted.Transformation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The agent converts exactly the classes, into exactly the bytes, that the transformer library converts from the same
 * class files on its own: with {@code convert=all} and {@code dump=DIR}, a JVM loads every class of real jars (guava,
 * failureaccess and joda-time on the class path, commons-collections4 and commons-math3 through a
 * {@code URLClassLoader} below the application loader), reading the class files of supertypes where class loading
 * finds them (the runtime's {@code ClassPathFiles}); this JVM transforms the same class files with hierarchies that
 * read them as resources of {@code URLClassLoader}s over the same jars, as the transformer does without the agent.
 */
class ConvertedBytesIT {

    private static final Path[] CLASS_PATH = {JvmRunner.locationOf(com.google.common.collect.HashMultimap.class),
        JvmRunner.locationOf(com.google.common.util.concurrent.internal.InternalFutureFailureAccess.class),
        JvmRunner.locationOf(org.joda.time.Period.class)};
    private static final Path[] BELOW = {
        JvmRunner.locationOf(org.apache.commons.collections4.list.UnmodifiableList.class),
        JvmRunner.locationOf(org.apache.commons.math3.random.MersenneTwister.class)};

    @Test
    void theAgentConvertsWhatTheTransformerConvertsFromTheSameClassFiles(@TempDir final Path dir) throws Exception {
        Jdk jdk = Jdk.current();
        Path dump = dir.resolve("dump");
        List<String> args = new ArrayList<>();
        for (Path jar : CLASS_PATH) {
            args.add(jar.toString());
        }
        args.add("--");
        for (Path jar : BELOW) {
            args.add(jar.toString());
        }
        JvmResult run = JvmRunner.on(jdk).classpath(CLASS_PATH).withAgent("convert=all,dump=" + dump)
                .run(LoadEveryClass.class, args.toArray(String[]::new));

        Map<String, byte[]> expected = expected();
        Map<String, byte[]> dumped = new TreeMap<>();
        try (var files = Files.walk(dump)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                String name = dump.relativize(file).toString().replace(java.io.File.separatorChar, '/');
                if (name.endsWith(".class") && !name.startsWith("dev/serialboost/")) {
                    dumped.put(name.substring(0, name.length() - ".class".length()), Files.readAllBytes(file));
                }
            }
        }
        List<String> problems = new ArrayList<>();
        if (!dumped.keySet().equals(expected.keySet())) {
            TreeSet<String> missing = new TreeSet<>(expected.keySet());
            missing.removeAll(dumped.keySet());
            TreeSet<String> extra = new TreeSet<>(dumped.keySet());
            extra.removeAll(expected.keySet());
            problems.add("the agent converted " + dumped.size() + " classes, the transformer " + expected.size()
                    + "; not converted by the agent: " + missing + "; converted by the agent only: " + extra);
        }
        for (Map.Entry<String, byte[]> e : expected.entrySet()) {
            byte[] bytes = dumped.get(e.getKey());
            if (bytes != null && !Arrays.equals(bytes, e.getValue())) {
                problems.add(e.getKey() + ": other bytes");
            }
        }
        if (expected.size() < 300 || run.summary().converted() < expected.size()) {
            problems.add("expected over 300 converted classes and the summary to count them all: " + expected.size()
                    + ", " + run.summary().line());
        }
        if (!problems.isEmpty()) {
            throw run.fail(jdk + ":\n  - " + String.join("\n  - ", problems));
        }
    }

    /** Internal name to converted bytes, from the transformer in this JVM. */
    private static Map<String, byte[]> expected() throws IOException, ConfigException {
        AgentConfig config = AgentConfig.resolve("convert=all", Map.of(), Map.of());
        ClassConverter transformer = new ClassConverter(
                TransformOptions.DEFAULTS.withPolicy(config.policy()));
        Map<String, byte[]> converted = new TreeMap<>();
        try (URLClassLoader classPath = new URLClassLoader(urls(CLASS_PATH), null);
             URLClassLoader below = new URLClassLoader(urls(BELOW), classPath)) {
            transformAll(transformer, transformer.newHierarchy(ClassFileSource.of(classPath)), CLASS_PATH, converted);
            transformAll(transformer, transformer.newHierarchy(ClassFileSource.of(below)), BELOW, converted);
        }
        return converted;
    }

    private static void transformAll(final ClassConverter transformer, final ClassHierarchy hierarchy,
                                     final Path[] jars, final Map<String, byte[]> converted) throws IOException {
        for (Path path : jars) {
            try (JarFile jar = new JarFile(path.toFile())) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                    JarEntry entry = e.nextElement();
                    String name = entry.getName();
                    if (!name.endsWith(".class") || name.startsWith("META-INF/") || name.endsWith("module-info.class")
                            || name.endsWith("package-info.class")) {
                        continue;
                    }
                    byte[] bytes;
                    try (InputStream in = jar.getInputStream(entry)) {
                        bytes = in.readAllBytes();
                    }
                    Transformation t = transformer.transform(bytes, hierarchy);
                    if (t.bytes().isPresent()) {
                        // as the agent hands them to the JVM: calling the runtime where it installs it
                        converted.put(name.substring(0, name.length() - ".class".length()),
                                RuntimeLocation.relocate(t.bytes().get()));
                    }
                }
            }
        }
    }

    private static URL[] urls(final Path[] jars) throws IOException {
        URL[] urls = new URL[jars.length];
        for (int i = 0; i < jars.length; i++) {
            urls[i] = jars[i].toUri().toURL();
        }
        return urls;
    }
}
