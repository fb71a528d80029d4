package dev.serialboost.agent;

import dev.serialboost.testing.Jdk;
import dev.serialboost.it.engine.EngineReport;
import dev.serialboost.it.engine.GlobalFilters;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;

/**
 * The JVM-wide filter set the way operators set it, {@code -Djdk.serialFilter}, is called exactly as without the
 * agent: {@link EngineReport}{@code --global-only} reads the business graph, the big-array sample, a proxy, many
 * objects in one stream and bad streams while {@code -Djdk.serialFilterFactory} wraps the JVM-wide filter in one
 * that records every call (class, array length, depth, references, bytes) and the filter's answer. The pattern
 * ({@link GlobalFilters#PATTERN}) rejects {@code BigDecimal} and too large arrays, so rejections are part of it.
 * The lines must equal those of the same reads in the main report, where the same filter was set through
 * {@code ObjectInputFilter.Config.setSerialFilter} late in a warm JVM.
 */
class EngineGlobalFilterIT {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void jvmWideFilterIsCalledAsWithoutTheAgent(final Jdk jdk) {
        jdk.assumeInstalled();
        String[] options = {EngineRuns.HEAP, "-Djdk.serialFilter=" + GlobalFilters.PATTERN,
            "-Djdk.serialFilterFactory=" + GlobalFilters.Factory.class.getName()};
        JvmResult plain = JvmRunner.on(jdk).jvmArgs(options).run(EngineReport.class, "--global-only");
        JvmResult agent = EngineRuns.withAgent(JvmRunner.on(jdk).jvmArgs(options), EngineReport.class,
                "--global-only");
        List<String> lines = plain.stdoutLines();
        if (!lines.contains("global how=global-property filter-set=true")
                || lines.stream().noneMatch(l -> l.contains("filter status: REJECTED") && l.contains("!]"))
                || lines.stream().filter(l -> l.startsWith("global/")).count() < 40) {
            throw plain.fail("test bug: the JVM-wide filter did not record the reads and rejections expected");
        }
        EngineRuns.assertSameReport(jdk + ", JVM-wide filter from -Djdk.serialFilter", lines, agent.stdoutLines(),
                plain, agent, null, null);

        EngineRuns.Main main = EngineRuns.main(jdk);
        List<String> viaApi = main.plain().stdoutLines().stream().filter(l -> l.startsWith("global/")).toList();
        EngineRuns.assertSameReport(jdk + ", without the agent: the JVM-wide filter from -Djdk.serialFilter (cold"
                        + " JVM) versus Config.setSerialFilter (warm JVM, main report)", viaApi,
                lines.stream().filter(l -> l.startsWith("global/")).toList(), main.plain(), plain, null, null);
    }
}
