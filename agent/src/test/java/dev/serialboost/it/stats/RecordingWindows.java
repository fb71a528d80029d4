package dev.serialboost.it.stats;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * The agent's JFR events across recordings that start and stop while statistics are on: the recording the JVM started
 * with ({@code -XX:StartFlightRecording}, which JFR may start before or after the agent's statistics go on), one
 * started afterwards, and the stretch between them, when none runs. Prints, per recording, its events of {@link
 * Part}s: {@code jfr NAME {EVENT-TYPE=COUNT, ...}}.
 */
public final class RecordingWindows {

    /** Round trips of one {@link Part} while the start-up recording runs, with none, and with the later one. */
    public static final int AT_START = 3;
    public static final int WITHOUT = 5;
    public static final int LATER = 7;

    /** The top-level object of every round trip here. */
    public static final class Part implements Serializable {
        private static final long serialVersionUID = 1L;
        private final int n;

        Part(final int n) {
            this.n = n;
        }
    }

    private RecordingWindows() {
    }

    private static void roundTrips(final int count) throws IOException, ClassNotFoundException {
        for (int i = 0; i < count; i++) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(new Part(i));
            }
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
                if (((Part) in.readObject()).n != i) {
                    throw new IllegalStateException("read back another part than " + i);
                }
            }
        }
    }

    private static void print(final String name, final Path file) throws IOException {
        Map<String, Integer> events = new TreeMap<>();
        for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
            String type = event.getEventType().getName();
            if (type.startsWith("dev.serialboost.") && event.getClass("objectClass") != null
                    && event.getClass("objectClass").getName().equals(Part.class.getName())) {
                events.merge(type, 1, Integer::sum);
            }
        }
        System.out.println("jfr " + name + " " + events);
    }

    public static void main(final String[] args) throws Exception {
        List<Recording> running = FlightRecorder.getFlightRecorder().getRecordings().stream()
                .filter(r -> r.getState() == RecordingState.RUNNING).toList();
        if (running.size() != 1) {
            throw new IllegalStateException("expected the start-up recording alone, found " + running);
        }
        Recording atStart = running.get(0);
        Path startFile = atStart.getDestination(); // written there when it stops
        roundTrips(AT_START);
        atStart.stop();
        print("at-start", startFile);

        roundTrips(WITHOUT);

        try (Recording later = new Recording()) {
            later.enable("dev.serialboost.ObjectWrite");
            later.enable("dev.serialboost.ObjectRead");
            later.start();
            roundTrips(LATER);
            later.stop();
            Path file = Files.createTempFile("later", ".jfr");
            later.dump(file);
            print("later", file);
            Files.delete(file);
        }
    }
}
