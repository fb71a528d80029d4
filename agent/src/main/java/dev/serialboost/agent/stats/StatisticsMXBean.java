package dev.serialboost.agent.stats;

import java.util.List;
import java.util.Map;

/**
 * The statistics as a JMX MXBean, {@code dev.serialboost:type=Statistics} in the platform MBean server: readable with
 * JConsole, VisualVM, a Prometheus JMX exporter, or the {@code stats} command. Totals since statistics were switched
 * on; rates are differences between two readings. Read-only: nothing here changes the engine.
 */
public interface StatisticsMXBean {

    /** The MBean's name. */
    String NAME = "dev.serialboost:type=Statistics";

    /** Whether statistics are on (they stay on once switched on). */
    boolean isEnabled();

    /** When statistics were switched on, ms since the epoch. */
    long getSince();

    long getStreamsOpened();

    /** Top-level {@code writeObject}/{@code writeUnshared} calls that returned. */
    long getTopLevelWrites();

    /** Top-level {@code readObject}/{@code readUnshared} calls that returned. */
    long getTopLevelReads();

    /** Objects written: ordinary objects, arrays, enum constants and strings, at any depth. */
    long getObjectsWritten();

    long getObjectsRead();

    /** Bytes written by top-level writes into a {@code ByteArrayOutputStream} (no count exists for other sinks). */
    long getBytesWritten();

    /** Bytes read by top-level reads, from any source. */
    long getBytesRead();

    long getNanosWriting();

    long getNanosReading();

    /** What the engine did, by outcome ({@code descriptors written from templates}, ...). */
    Map<String, Long> getEngineOutcomes();

    /** Why parts of the engine layer are off, as the start-up line says it; empty when all of it is on. */
    String getEngineProblem();

    /** Per class, in the order first counted. */
    List<ClassRow> getClasses();

    /** Per stream class, in the order first counted. */
    List<StreamRow> getStreams();

    /** One class's counts, as JMX shows them (a composite). */
    final class ClassRow {
        private final Snapshot.ClassCounts counts;

        ClassRow(final Snapshot.ClassCounts counts) {
            this.counts = counts;
        }

        public String getName() {
            return counts.name();
        }

        public long getObjectsWritten() {
            return counts.objectsWritten();
        }

        public long getObjectsRead() {
            return counts.objectsRead();
        }

        public long getDescriptorsWritten() {
            return counts.descriptorsWritten();
        }

        public long getDescriptorBytes() {
            return counts.descriptorBytes();
        }
    }

    /** One stream class's counts, as JMX shows them (a composite). */
    final class StreamRow {
        private final Snapshot.StreamCounts counts;

        StreamRow(final Snapshot.StreamCounts counts) {
            this.counts = counts;
        }

        public String getName() {
            return counts.name();
        }

        public long getOpened() {
            return counts.opened();
        }

        public long getWrites() {
            return counts.writes();
        }

        public long getReads() {
            return counts.reads();
        }

        public long getBytesWritten() {
            return counts.bytesWritten();
        }

        public long getBytesRead() {
            return counts.bytesRead();
        }

        public long getNanosWriting() {
            return counts.nanosWriting();
        }

        public long getNanosReading() {
            return counts.nanosReading();
        }
    }
}
