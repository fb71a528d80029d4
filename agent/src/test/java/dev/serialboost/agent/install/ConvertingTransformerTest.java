package dev.serialboost.agent.install;

import dev.serialboost.agent.StderrReport;
import dev.serialboost.agent.config.AgentConfig;
import dev.serialboost.corpus.workloads.Employee;
import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.TransformOptions;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The agent's class-file transformer never throws, not even when a class loads with the thread's stack nearly
 * exhausted (issue 13: the JVM printed {@code java.lang.instrument ASSERTION FAILED} when one escaped): a recursion
 * calls it at every depth until the stack runs out, and no {@code StackOverflowError} ever comes out of it; a
 * failure whose error line cannot be printed for lack of stack does not come out either; after both, it converts
 * the class again (nothing was left set on the thread).
 */
class ConvertingTransformerTest {

    private int depth;
    private boolean escaped;

    @Test
    void neverThrowsWhenTheStackRunsOutAndWorksAfterwards() throws Exception {
        byte[] employee = classFile(Employee.class);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        StderrReport report = new StderrReport(new PrintStream(err, true, StandardCharsets.UTF_8), false);
        ConvertingTransformer transformer = new ConvertingTransformer(new ClassConverter(
                TransformOptions.DEFAULTS.withPolicy(AgentConfig.resolve("convert=all", Map.of(), Map.of()).policy())),
                report, null, Set.of());
        String name = Employee.class.getName().replace('.', '/');
        ClassLoader loader = ConvertingTransformerTest.class.getClassLoader();
        assertNotNull(transformer.transform(loader, name, null, null, employee), "converted on a shallow stack");

        Thread deep = new Thread(null, () -> {
            try {
                descend(transformer, loader, name, employee);
            } catch (StackOverflowError expected) {
                // the recursion itself ran out of stack, as it must in the end
            }
        }, "deep", 256 * 1024);
        deep.start();
        deep.join();
        assertTrue(depth > 50, "the recursion went only " + depth + " deep");
        assertTrue(!escaped, "a StackOverflowError came out of the transformer");
        assertNotNull(transformer.transform(loader, name, null, null, employee),
                "converted again on a shallow stack after the overflows");
        assertTrue(report.errors() > 0, "the classes left unchanged deep down are counted");
        assertEquals(err.toString(StandardCharsets.UTF_8).lines().count(),
                err.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("error: ")).count(),
                "only error lines, if any could be printed");
    }

    /** No stack left even to say that a class failed: the error line's print overflows; nothing comes out. */
    @Test
    void aFailureThatCannotBeToldIsNotThrownEither() throws Exception {
        PrintStream overflowing = new PrintStream(OutputStream.nullOutputStream()) {
            @Override
            public void println(final String line) {
                throw new StackOverflowError("no stack left to print " + line);
            }
        };
        // verbose: the line for the class's decision overflows, and so does the error line about that
        StderrReport report = new StderrReport(overflowing, true);
        ConvertingTransformer transformer = new ConvertingTransformer(new ClassConverter(
                TransformOptions.DEFAULTS.withPolicy(AgentConfig.resolve("convert=all", Map.of(), Map.of()).policy())),
                report, null, Set.of());
        byte[] employee = classFile(Employee.class);
        String name = Employee.class.getName().replace('.', '/');
        ClassLoader loader = ConvertingTransformerTest.class.getClassLoader();
        assertNull(transformer.transform(loader, name, null, null, employee), "left as it is");
        assertEquals(1, report.errors(), "the failure is counted");
        ConvertingTransformer quiet = new ConvertingTransformer(new ClassConverter(
                TransformOptions.DEFAULTS.withPolicy(AgentConfig.resolve("convert=all", Map.of(), Map.of()).policy())),
                new StderrReport(new PrintStream(OutputStream.nullOutputStream()), false), null, Set.of());
        assertNotNull(quiet.transform(loader, name, null, null, employee), "converted when its line can be told");
    }

    private void descend(final ConvertingTransformer transformer, final ClassLoader loader, final String name,
                         final byte[] bytes) {
        depth++;
        try {
            transformer.transform(loader, name, null, null, bytes);
        } catch (StackOverflowError e) {
            // raised below the transformer's entry (some frame above its transform on the trace), and let out; one
            // raised as transform itself is entered (its frame on top) ran none of its code
            StackTraceElement[] trace = e.getStackTrace();
            for (int i = 1; i < trace.length; i++) {
                if (trace[i].getClassName().equals(ConvertingTransformer.class.getName())
                        && trace[i].getMethodName().equals("transform")) {
                    escaped = true;
                    break;
                }
            }
        }
        descend(transformer, loader, name, bytes);
    }

    private static byte[] classFile(final Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }
}
