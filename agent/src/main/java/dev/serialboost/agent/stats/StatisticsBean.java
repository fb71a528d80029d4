package dev.serialboost.agent.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** The {@link StatisticsMXBean}: each attribute read takes a snapshot of the runtime's counts. */
final class StatisticsBean implements StatisticsMXBean {

    private final Supplier<Map<String, Object>> reader;
    private final String engineProblem;

    StatisticsBean(final Supplier<Map<String, Object>> reader, final String engineProblem) {
        this.reader = reader;
        this.engineProblem = engineProblem == null ? "" : engineProblem;
    }

    Snapshot snapshot() {
        return Snapshot.of(reader.get());
    }

    @Override
    public boolean isEnabled() {
        return snapshot().on();
    }

    @Override
    public long getSince() {
        return snapshot().since();
    }

    @Override
    public long getStreamsOpened() {
        return snapshot().streams().stream().mapToLong(Snapshot.StreamCounts::opened).sum();
    }

    @Override
    public long getTopLevelWrites() {
        return snapshot().streams().stream().mapToLong(Snapshot.StreamCounts::writes).sum();
    }

    @Override
    public long getTopLevelReads() {
        return snapshot().streams().stream().mapToLong(Snapshot.StreamCounts::reads).sum();
    }

    @Override
    public long getObjectsWritten() {
        return snapshot().classes().stream().mapToLong(Snapshot.ClassCounts::objectsWritten).sum();
    }

    @Override
    public long getObjectsRead() {
        return snapshot().classes().stream().mapToLong(Snapshot.ClassCounts::objectsRead).sum();
    }

    @Override
    public long getBytesWritten() {
        return snapshot().streams().stream().mapToLong(Snapshot.StreamCounts::bytesWritten).sum();
    }

    @Override
    public long getBytesRead() {
        return snapshot().streams().stream().mapToLong(Snapshot.StreamCounts::bytesRead).sum();
    }

    @Override
    public long getNanosWriting() {
        return snapshot().streams().stream().mapToLong(Snapshot.StreamCounts::nanosWriting).sum();
    }

    @Override
    public long getNanosReading() {
        return snapshot().streams().stream().mapToLong(Snapshot.StreamCounts::nanosReading).sum();
    }

    @Override
    public Map<String, Long> getEngineOutcomes() {
        return snapshot().engine();
    }

    @Override
    public String getEngineProblem() {
        return engineProblem;
    }

    @Override
    public List<ClassRow> getClasses() {
        List<ClassRow> rows = new ArrayList<>();
        for (Snapshot.ClassCounts c : snapshot().classes()) {
            rows.add(new ClassRow(c));
        }
        return rows;
    }

    @Override
    public List<StreamRow> getStreams() {
        List<StreamRow> rows = new ArrayList<>();
        for (Snapshot.StreamCounts s : snapshot().streams()) {
            rows.add(new StreamRow(s));
        }
        return rows;
    }
}
