package dev.serialboost.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.apache.commons.math3.exception.NotANumberException;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

/** The cost measurements' statistics, and that commons-math3's quartiles are the ones the records always had. */
class StatisticsTest {

    @Test
    void medianAndPercentiles() {
        assertEquals(2.5, Statistics.median(new double[] {4, 1, 3, 2}));
        assertEquals(3.0, Statistics.median(new double[] {5, 1, 3}));
        assertEquals(1.75, Statistics.percentile(new double[] {1, 2, 3, 4}, 25), 1e-12);
        assertEquals(3.25, Statistics.percentile(new double[] {4, 3, 2, 1}, 75), 1e-12);
        assertEquals(7.0, Statistics.percentile(new double[] {7}, 25));
    }

    @Test
    void theMedianIsTheMeanOfTheTwoMiddleValues() {
        // commons-math3's Median would give 0.4 (0.1 + 0.5 * (0.7 - 0.1))
        assertEquals(0.39999999999999997, Statistics.median(new double[] {0.7, 0.1}));
    }

    @Test
    void theQuartilesAreTheInterpolationBetweenClosestRanksToTheLastBit() {
        SplittableRandom random = new SplittableRandom(34);
        for (int sample = 0; sample < 20_000; sample++) {
            double[] v = new double[1 + random.nextInt(40)];
            for (int i = 0; i < v.length; i++) {
                v[i] = Math.round(random.nextDouble() * 100_000) / (random.nextBoolean() ? 10.0 : 1e4);
            }
            double[] sorted = v.clone();
            Arrays.sort(sorted);
            for (double p : new double[] {25, 75}) {
                assertEquals(Double.doubleToLongBits(closestRanks(sorted, p)),
                        Double.doubleToLongBits(Statistics.percentile(v, p)), () -> Arrays.toString(v) + " " + p);
            }
        }
    }

    @Test
    void refusesNaN() {
        assertThrows(NotANumberException.class, () -> Statistics.percentile(new double[] {1, Double.NaN}, 25));
    }

    /** The percentile the runner computed by hand before it used commons-math3. */
    private static double closestRanks(final double[] sorted, final double p) {
        double rank = p / 100 * (sorted.length - 1);
        int lo = (int) Math.floor(rank);
        int hi = (int) Math.ceil(rank);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
    }
}
