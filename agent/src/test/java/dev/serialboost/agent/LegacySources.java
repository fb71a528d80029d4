package dev.serialboost.agent;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles versions of a class into a directory of their own, with the JDK's compiler in the test JVM, so that
 * a writer JVM and a reader JVM can have different class files under the same class name (the class evolved
 * between the JVM that wrote a stream and the one reading it). Release 17, so every test JDK loads them.
 */
final class LegacySources {

    private LegacySources() {
    }

    /**
     * Compiles {@code sources} (binary class name to source text) into {@code dir}.
     *
     * @return {@code dir}
     */
    static Path compile(final Path dir, final Map<String, String> sources) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new IllegalStateException("the test JVM has no Java compiler (a JRE?); run the tests on a JDK");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<JavaFileObject> units = new ArrayList<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            units.add(new SimpleJavaFileObject(URI.create("string:///" + e.getKey().replace('.', '/') + ".java"),
                    JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(final boolean ignoreEncodingErrors) {
                    return e.getValue();
                }
            });
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter output = new StringWriter();
        try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, null, null)) {
            boolean ok = compiler.getTask(output, files, diagnostics,
                    List.of("--release", "17", "-proc:none", "-d", dir.toString()), null, units).call();
            if (!ok) {
                throw new IllegalStateException("test bug: the class versions for " + dir + " do not compile: "
                        + diagnostics.getDiagnostics() + " " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }
}
