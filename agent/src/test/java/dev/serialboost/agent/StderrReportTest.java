package dev.serialboost.agent;

import dev.serialboost.agent.config.ConfigException;
import dev.serialboost.agent.config.ConfigFile;
import dev.serialboost.agent.config.ConvertMode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.transformer.converted.Decision;
import dev.serialboost.transformer.converted.SkipReason;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** What the agent prints is short unless asked for more; the summary stays whole. */
class StderrReportTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    @Test
    void aLongLineIsCutToThreeHundredCharactersSayingHowToSeeAllOfIt() {
        String problem = "x".repeat(1_000);
        new StderrReport(err, false).line(problem);
        String printed = printed();
        assertEquals(StderrReport.MAX_LINE, printed.length());
        assertTrue(printed.startsWith(StderrReport.PREFIX + "xxx"), printed);
        assertTrue(printed.endsWith(" ... (verbose=true prints the whole line)"), printed);
    }

    @Test
    void aShortLineAndAnyLineWhenVerboseAndTheSummaryArePrintedWhole() {
        String atLimit = "y".repeat(StderrReport.MAX_LINE - StderrReport.PREFIX.length());
        String longer = "z".repeat(1_000);
        new StderrReport(err, false).line(atLimit);
        new StderrReport(err, true).line(longer);
        new StderrReport(err, false).wholeLine(longer);
        assertEquals(StderrReport.PREFIX + atLimit + "\n" + StderrReport.PREFIX + longer + "\n" + StderrReport.PREFIX + longer,
                printed());
    }

    @Test
    void theSummaryNamesTheScanCommandWhenClassesWereSkipped() throws ConfigException {
        StderrReport report = new StderrReport(err, false, StderrReport.scanCommand(null, ConvertMode.ALL));
        assertEquals("summary: converted=0 skipped=0 errors=0 transform-ms=0", report.summary());
        report.decided(skipped("a.B", SkipReason.CUSTOM_SERIALIZATION), 0);
        report.decided(skipped("a.C", SkipReason.ENUM), 0);
        assertEquals("summary: converted=0 skipped=1 errors=0 transform-ms=0 (custom-serialization=1); which and why:"
                + " java -jar serialboost-agent.jar scan --convert all <class path>", report.summary());
        ConfigFile rules = ConfigFile.parse(Path.of("/etc/app/sb.conf"), List.of("include a.**"));
        assertTrue(StderrReport.scanCommand(rules, ConvertMode.RULES)
                .equals("java -jar serialboost-agent.jar scan --config /etc/app/sb.conf <class path>"));
        assertEquals("", printed(), "nothing printed but for verbose lines and errors");
    }

    @Test
    void theSummaryStaysWithinThreeHundredCharactersWhateverItCounts() {
        StderrReport report = new StderrReport(err, false, StderrReport.scanCommand(null, ConvertMode.ALL));
        int n = 0;
        for (SkipReason reason : SkipReason.values()) {
            for (int i = 0; i <= reason.ordinal(); i++) {
                report.decided(skipped("a.C" + n++, reason), 1_000_000_000L);
            }
        }
        String line = StderrReport.PREFIX + report.summary();
        assertTrue(line.length() <= StderrReport.MAX_LINE, line.length() + ": " + line);
        assertTrue(line.contains(", other="), line);
        // reason r was decided r.ordinal() + 1 times: the two last reasons have the largest counts
        assertTrue(line.contains(", final-fields-unsupported=" + (SkipReason.FINAL_FIELDS_UNSUPPORTED.ordinal() + 1)
                + ", internal-error=" + (SkipReason.INTERNAL_ERROR.ordinal() + 1) + ", other="), "the largest counts"
                + " are kept, in declared order: " + line);
        assertTrue(!line.contains("already-externalizable="), "the smallest are folded into other: " + line);
        assertTrue(line.endsWith("); which and why: java -jar serialboost-agent.jar scan --convert all <class path>"),
                line);
    }

    private static Decision skipped(final String name, final SkipReason reason) {
        return new Decision(name, reason, "", List.of(), false, null, List.of());
    }

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8).strip().replace(System.lineSeparator(), "\n");
    }
}
