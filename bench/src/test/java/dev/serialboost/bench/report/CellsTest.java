package dev.serialboost.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How the tables write scores, ratios and verdicts. */
class CellsTest {

    @Test
    void ratiosCarryTheirErrorAndVerdictsReadIt() {
        Score off = new Score(300, 30);
        Score on = new Score(100, 10);
        Score s = off.speedupOf(on);
        assertEquals(3.0, s.value(), 1e-12);
        assertEquals(3.0 * Math.sqrt(0.01 + 0.01), s.error(), 1e-12);
        assertEquals("met", Cells.verdict(s, 3.0));
        assertEquals("within error", Cells.verdict(s, 3.3));
        assertEquals("**missed**", Cells.verdict(s, 4.0));
        assertEquals("**missed**", Cells.verdict(new Score(2.9, Double.NaN), 3.0));
        assertEquals(new Score(400, Math.sqrt(1000)), off.plus(on));
        assertEquals("1,234 ± 57", Cells.time(new Score(1234.4, 56.7)));
        assertEquals("12.3", Cells.time(new Score(12.34, Double.NaN)));
        assertEquals("3.00x ± 0.42", Cells.ratioWithError(s));
    }
}
