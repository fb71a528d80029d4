package dev.serialboost.bench.run;

import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.ranking.NaNStrategy;

import java.util.Arrays;

/**
 * The summary statistics of the cost measurements' runs (wall times, the agent's own timings), as the run record
 * keeps them.
 *
 * <p>Quartiles come from commons-math3 (which JMH brings): its R-7 estimate is the linear interpolation between
 * closest ranks these figures always used, the same doubles. The median is the mean of the two middle values,
 * computed here: commons-math3's {@code Median} gives {@code lower + 0.5 * (upper - lower)}, which differs in the last
 * bit for some even-length samples ({@code 0.1} and {@code 0.7}: {@code 0.4}, not {@code 0.39999999999999997}), and a
 * recorded median is then rounded to one decimal, where such a bit can flip the digit.
 */
final class Statistics {

    private Statistics() {
    }

    /** The median of {@code values} (any order): the middle value, or the mean of the two middle values. */
    static double median(final double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /**
     * The {@code p}th percentile ({@code 0 < p <= 100}) of {@code values} (any order, no NaN), by linear
     * interpolation between closest ranks.
     */
    static double percentile(final double[] values, final double p) {
        return new Percentile().withEstimationType(Percentile.EstimationType.R_7)
                .withNaNStrategy(NaNStrategy.FAILED).evaluate(values, p);
    }
}
