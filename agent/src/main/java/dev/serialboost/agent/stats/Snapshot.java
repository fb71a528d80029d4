package dev.serialboost.agent.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The statistics at one moment, typed: what the runtime's {@code Statistics.snapshot()} hands over as a map of JDK
 * types (it lives in another class loader), or what the {@code stats} command reads back over JMX.
 *
 * @param on      whether statistics are on
 * @param since   when they were switched on (ms since the epoch), 0 before
 * @param classes per class, in the order first counted
 * @param streams per stream class, in the order first counted
 * @param engine  the engine's outcomes, by name, in the runtime's order
 */
public record Snapshot(boolean on, long since, List<ClassCounts> classes, List<StreamCounts> streams,
                       Map<String, Long> engine) {

    /**
     * One class's counts.
     *
     * @param descriptorBytes the bytes of the descriptors written from templates (their reference fields' type
     *                        strings excluded, which the stream writes or refers to itself)
     */
    public record ClassCounts(String name, long objectsWritten, long objectsRead, long descriptorsWritten,
                              long descriptorBytes) {
    }

    /**
     * One stream class's counts. Bytes written are counted where the stream writes into a {@code
     * ByteArrayOutputStream} (the JDK keeps no count for other sinks); bytes read always (the count serialization
     * filters see). Time is from the start of a top-level {@code writeObject}/{@code readObject} to its return.
     */
    public record StreamCounts(String name, long opened, long writes, long reads, long bytesWritten, long bytesRead,
                               long nanosWriting, long nanosReading) {
    }

    /** An empty snapshot: statistics off. */
    public static final Snapshot OFF = new Snapshot(false, 0, List.of(), List.of(), Map.of());

    /** From the runtime's map. */
    @SuppressWarnings("unchecked")
    public static Snapshot of(final Map<String, Object> map) {
        List<ClassCounts> classes = new ArrayList<>();
        for (Map.Entry<String, long[]> e : ((Map<String, long[]>) map.get("classes")).entrySet()) {
            long[] v = e.getValue();
            classes.add(new ClassCounts(e.getKey(), v[0], v[1], v[2], v[3]));
        }
        List<StreamCounts> streams = new ArrayList<>();
        for (Map.Entry<String, long[]> e : ((Map<String, long[]>) map.get("streams")).entrySet()) {
            long[] v = e.getValue();
            streams.add(new StreamCounts(e.getKey(), v[0], v[1], v[2], v[3], v[4], v[5], v[6]));
        }
        return new Snapshot((Boolean) map.get("on"), (Long) map.get("since"), List.copyOf(classes),
                List.copyOf(streams), new LinkedHashMap<>((Map<String, Long>) map.get("engine")));
    }

    /** Read through JMX from the MBean {@value StatisticsMXBean#NAME} (the {@code stats} command). */
    public static Snapshot of(final javax.management.MBeanServerConnection jmx) throws java.io.IOException,
            javax.management.JMException {
        javax.management.ObjectName name = new javax.management.ObjectName(StatisticsMXBean.NAME);
        List<ClassCounts> classes = new ArrayList<>();
        for (javax.management.openmbean.CompositeData c
                : (javax.management.openmbean.CompositeData[]) jmx.getAttribute(name, "Classes")) {
            classes.add(new ClassCounts((String) c.get("name"), (Long) c.get("objectsWritten"),
                    (Long) c.get("objectsRead"), (Long) c.get("descriptorsWritten"), (Long) c.get("descriptorBytes")));
        }
        List<StreamCounts> streams = new ArrayList<>();
        for (javax.management.openmbean.CompositeData c
                : (javax.management.openmbean.CompositeData[]) jmx.getAttribute(name, "Streams")) {
            streams.add(new StreamCounts((String) c.get("name"), (Long) c.get("opened"), (Long) c.get("writes"),
                    (Long) c.get("reads"), (Long) c.get("bytesWritten"), (Long) c.get("bytesRead"),
                    (Long) c.get("nanosWriting"), (Long) c.get("nanosReading")));
        }
        Map<String, Long> engine = new LinkedHashMap<>();
        javax.management.openmbean.TabularData outcomes =
                (javax.management.openmbean.TabularData) jmx.getAttribute(name, "EngineOutcomes");
        for (Object row : outcomes.values()) {
            javax.management.openmbean.CompositeData c = (javax.management.openmbean.CompositeData) row;
            engine.put((String) c.get("key"), (Long) c.get("value"));
        }
        return new Snapshot((Boolean) jmx.getAttribute(name, "Enabled"), (Long) jmx.getAttribute(name, "Since"),
                List.copyOf(classes), List.copyOf(streams), engine);
    }

    /** What happened between {@code before} and this snapshot: each count less its value then. */
    public Snapshot since(final Snapshot before) {
        List<ClassCounts> c = new ArrayList<>();
        for (ClassCounts now : classes) {
            ClassCounts then = before.ofClass(now.name);
            c.add(then == null ? now : new ClassCounts(now.name, now.objectsWritten - then.objectsWritten,
                    now.objectsRead - then.objectsRead, now.descriptorsWritten - then.descriptorsWritten,
                    now.descriptorBytes - then.descriptorBytes));
        }
        List<StreamCounts> s = new ArrayList<>();
        for (StreamCounts now : streams) {
            StreamCounts then = before.ofStream(now.name);
            s.add(then == null ? now : new StreamCounts(now.name, now.opened - then.opened, now.writes - then.writes,
                    now.reads - then.reads, now.bytesWritten - then.bytesWritten, now.bytesRead - then.bytesRead,
                    now.nanosWriting - then.nanosWriting, now.nanosReading - then.nanosReading));
        }
        Map<String, Long> e = new LinkedHashMap<>();
        engine.forEach((k, v) -> e.put(k, v - before.engine.getOrDefault(k, 0L)));
        return new Snapshot(on, since, List.copyOf(c), List.copyOf(s), e);
    }

    /** The counts of {@code name}, or null. */
    public ClassCounts ofClass(final String name) {
        for (ClassCounts c : classes) {
            if (c.name.equals(name)) {
                return c;
            }
        }
        return null;
    }

    /** The counts of stream class {@code name}, or null. */
    public StreamCounts ofStream(final String name) {
        for (StreamCounts s : streams) {
            if (s.name.equals(name)) {
                return s;
            }
        }
        return null;
    }
}
