package dev.serialboost.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.bench.Workload;
import org.junit.jupiter.api.Test;

/** The page's prose templates ({@code src/test/resources/report/prose-test*.md} here) and their strict rendering. */
class ProseTest {

    @Test
    void fillsEveryPlaceholderAndDropsTheFilesFinalLineBreak() {
        assertEquals("A chart with 3 parts, chart again.", Prose.render("prose-test", "thing", "chart", "count", 3));
        assertEquals("No placeholders.\n", Prose.text("prose-test-blank-line"), "only the last line break goes");
    }

    @Test
    void insertsValuesAsTheyAre() {
        assertEquals("A {{count}} $1 \\ with null parts, {{count}} $1 \\ again.",
                Prose.render("prose-test", "thing", "{{count}} $1 \\", "count", null));
    }

    @Test
    void refusesAMissingValueAnUnusedValueAndAMissingTemplate() {
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> Prose.render("prose-test", "thing", "chart"));
        assertEquals("no value for {{count}} in report/prose-test.md", missing.getMessage());
        IllegalArgumentException unused = assertThrows(IllegalArgumentException.class,
                () -> Prose.render("prose-test", "thing", "chart", "count", 3, "colour", "blue"));
        assertEquals("report/prose-test.md has no placeholder for [colour]", unused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Prose.render("prose-test", "thing"));
        assertThrows(IllegalArgumentException.class, () -> Prose.render("prose-test", "thing", "a", "thing", "b"));
        IllegalStateException absent = assertThrows(IllegalStateException.class, () -> Prose.text("no-such-text"));
        assertEquals("no template report/no-such-text.md on the class path", absent.getMessage());
    }

    @Test
    void everyWorkloadIsDescribed() {
        for (Workload w : Workload.values()) {
            String text = Prose.text("workload/" + w.name());
            assertTrue(!text.isBlank() && !text.contains("\n"), w + ": one paragraph");
        }
    }
}
