package dev.serialboost.bench.report;

/** One section of the page ({@link BenchmarksPage#SECTIONS}), written from one run's results. */
interface Section {

    /** Appends the section's markdown, or nothing when the run measured nothing the section shows. */
    void appendTo(StringBuilder md, RunResults run);
}
