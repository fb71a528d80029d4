package dev.serialboost.bench.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** The class-loading cost per class looked at. */
class ClassLoadingMeasurementTest {

    @Test
    void comparesEachRoundWithTheRunWithoutTheAgentOfTheSameRound() {
        assertArrayEquals(new double[] {5.0, -0.5},
                ClassLoadingMeasurement.perClass(new double[] {110, 99}, new double[] {100, 100}, 2000), 1e-12);
    }
}
