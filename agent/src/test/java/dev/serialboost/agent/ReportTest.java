package dev.serialboost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What the agent prints is short unless asked for more; the summary stays whole. */
class ReportTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    @Test
    void aLongLineIsCutToThreeHundredCharactersSayingHowToSeeAllOfIt() {
        String problem = "x".repeat(1_000);
        new Report(err, false).line(problem);
        String printed = printed();
        assertEquals(Report.MAX_LINE, printed.length());
        assertTrue(printed.startsWith(Report.PREFIX + "xxx"), printed);
        assertTrue(printed.endsWith(" ... (verbose=true prints the whole line)"), printed);
    }

    @Test
    void aShortLineAndAnyLineWhenVerboseAndTheSummaryArePrintedWhole() {
        String atLimit = "y".repeat(Report.MAX_LINE - Report.PREFIX.length());
        String longer = "z".repeat(1_000);
        new Report(err, false).line(atLimit);
        new Report(err, true).line(longer);
        new Report(err, false).wholeLine(longer);
        assertEquals(Report.PREFIX + atLimit + "\n" + Report.PREFIX + longer + "\n" + Report.PREFIX + longer,
                printed());
    }

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8).strip().replace(System.lineSeparator(), "\n");
    }
}
