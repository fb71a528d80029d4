package dev.serialboost.bench.report;

/**
 * A JMH score and its error (99.9% confidence half-width; NaN when JMH could not give one).
 *
 * @param value the mean time per operation
 * @param error the half-width of its confidence interval
 */
record Score(double value, double error) {

    /** The sum of two independent scores: a round trip from its write and its read. */
    Score plus(final Score o) {
        return new Score(value + o.value, Math.sqrt(error * error + o.error * o.error));
    }

    /** {@code this / o} as a speed-up of {@code o} over {@code this}: how many times faster {@code o} is. */
    Score speedupOf(final Score o) {
        double r = value / o.value;
        double rel = Math.sqrt(Math.pow(error / value, 2) + Math.pow(o.error / o.value, 2));
        return new Score(r, r * rel);
    }
}
