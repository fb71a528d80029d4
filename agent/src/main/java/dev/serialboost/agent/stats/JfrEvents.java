package dev.serialboost.agent.stats;

import jdk.jfr.Event;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;

import java.util.function.BiConsumer;
import java.util.function.IntFunction;

/**
 * The functions the runtime's statistics call at the start and end of each top-level write and read, which make {@link
 * ObjectWriteEvent}s and {@link ObjectReadEvent}s. Both events are disabled unless a recording enables them; then a
 * begin costs one allocation and a check, and without a recording a read of one flag. Used only when {@code jdk.jfr}
 * is in the JVM ({@link #available}): the JDK's own module, which {@code java.base} (where the runtime lives) does not
 * read, so the events are the agent's classes.
 */
final class JfrEvents {

    /** {@code Statistics.WRITE} in the runtime. */
    private static final int WRITE = 1;

    private JfrEvents() {
    }

    /** Whether the JVM has {@code jdk.jfr} (a jlink image may not). */
    static boolean available() {
        return ModuleLayer.boot().findModule("jdk.jfr").isPresent();
    }

    /** Whether a recording runs in this JVM (any: the events' settings say which take them). */
    private static volatile boolean recording;

    /**
     * Registers the events, so that recordings and JDK Mission Control know them before the first one, and follows
     * whether a recording runs (without starting the recorder: a listener added before it starts is told when it
     * does).
     */
    static void register() {
        FlightRecorder.register(ObjectWriteEvent.class);
        FlightRecorder.register(ObjectReadEvent.class);
        FlightRecorder.addListener(new FlightRecorderListener() {
            @Override
            public void recorderInitialized(final FlightRecorder recorder) {
                recordingStateChanged(null);
            }

            @Override
            public void recordingStateChanged(final Recording changed) {
                recording = FlightRecorder.isInitialized() && FlightRecorder.getFlightRecorder().getRecordings()
                        .stream().anyMatch(r -> r.getState() == RecordingState.RUNNING);
            }
        });
    }

    /**
     * Begins an event of a top-level write ({@code kind} {@link #WRITE}) or read when a recording takes it, else
     * returns null; without a recording, a read of one flag (no event made, no allocation).
     */
    static IntFunction<Object> begin() {
        Event writes = new ObjectWriteEvent();
        Event reads = new ObjectReadEvent();
        return kind -> {
            if (!recording) {
                return null;
            }
            boolean write = kind == WRITE;
            if (!(write ? writes : reads).isEnabled()) {
                return null;
            }
            Event event = write ? new ObjectWriteEvent() : new ObjectReadEvent();
            event.begin();
            return event;
        };
    }

    /** Ends and commits an event {@link #begin} made, with {stream class, top object's class, bytes}. */
    static BiConsumer<Object, Object[]> end() {
        return (token, info) -> {
            if (token instanceof ObjectWriteEvent w) {
                w.end();
                if (w.shouldCommit()) {
                    w.streamClass = (Class<?>) info[0];
                    w.objectClass = (Class<?>) info[1];
                    w.bytes = (Long) info[2];
                    w.commit();
                }
            } else if (token instanceof ObjectReadEvent r) {
                r.end();
                if (r.shouldCommit()) {
                    r.streamClass = (Class<?>) info[0];
                    r.objectClass = (Class<?>) info[1];
                    r.bytes = (Long) info[2];
                    r.commit();
                }
            }
        };
    }
}
