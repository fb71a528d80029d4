package dev.serialboost.bench.report;

import java.util.Locale;

/** How the page's tables write a time, a ratio and a verdict. */
final class Cells {

    private Cells() {
    }

    /** A time and its error: no decimals from 100 on ({@code 1,234 ± 57}), else one ({@code 12.3}). */
    static String time(final Score s) {
        String v = s.value() >= 100 ? String.format(Locale.ROOT, "%,.0f", s.value())
                : String.format(Locale.ROOT, "%.1f", s.value());
        if (Double.isNaN(s.error())) {
            return v;
        }
        String e = s.value() >= 100 ? String.format(Locale.ROOT, "%,.0f", s.error())
                : String.format(Locale.ROOT, "%.1f", s.error());
        return v + " ± " + e;
    }

    /** {@code 3.00x}. */
    static String ratio(final double r) {
        return String.format(Locale.ROOT, "%.2fx", r);
    }

    /** {@code 3.00x ± 0.42}, or {@code 3.00x} without an error. */
    static String ratioWithError(final Score s) {
        return Double.isNaN(s.error()) ? ratio(s.value())
                : String.format(Locale.ROOT, "%.2fx ± %.2f", s.value(), s.error());
    }

    /** Whether a speed-up meets {@code target}: {@code met}, {@code within error} (its ± reaches it), or missed. */
    static String verdict(final Score s, final double target) {
        if (s.value() >= target) {
            return "met";
        }
        if (!Double.isNaN(s.error()) && s.value() + s.error() >= target) {
            return "within error";
        }
        return "**missed**";
    }

    /** Whether a value meets an upper bound {@code target}: {@code met}, {@code within error}, or missed. */
    static String verdictAtMost(final Score s, final double target) {
        if (s.value() <= target) {
            return "met";
        }
        if (!Double.isNaN(s.error()) && s.value() - s.error() <= target) {
            return "within error";
        }
        return "**missed**";
    }
}
