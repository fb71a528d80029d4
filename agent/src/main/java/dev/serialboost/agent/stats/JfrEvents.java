package dev.serialboost.agent.stats;

import jdk.jfr.Event;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * The functions the runtime's statistics call at the start and end of each top-level write and read, which make {@link
 * ObjectWriteEvent}s and {@link ObjectReadEvent}s. Both events are disabled unless a recording enables them; then a
 * begin costs one allocation and a check, and while no recording runs the runtime does not call it. Used only when
 * {@code jdk.jfr} is in the JVM ({@link #available}): the JDK's own module, which {@code java.base} (where the runtime
 * lives) does not read, so the events are the agent's classes.
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

    /** Tells the runtime whether a recording runs (set once by {@link #register}). */
    private static Consumer<Boolean> recordingSwitch;
    /** Taken by each look at the recordings before it looks; the last one told (guarded by the class). */
    private static final AtomicLong LOOKS = new AtomicLong();
    private static long told;

    /**
     * Registers the events, so that recordings and JDK Mission Control know them before the first one, and tells the
     * runtime through {@code recordingSwitch} whether a recording runs, now and at each change (without starting the
     * recorder: a listener added before it starts is told when it does), so that without a recording a top-level
     * write or read does not call {@link #begin}'s function at all.
     */
    static void register(final Consumer<Boolean> recordingSwitch) {
        FlightRecorder.register(ObjectWriteEvent.class);
        FlightRecorder.register(ObjectReadEvent.class);
        synchronized (JfrEvents.class) {
            JfrEvents.recordingSwitch = recordingSwitch;
        }
        FlightRecorder.addListener(new FlightRecorderListener() {
            @Override
            public void recorderInitialized(final FlightRecorder recorder) {
                recordingStateChanged(null);
            }

            @Override
            public void recordingStateChanged(final Recording changed) {
                tellRuntime();
            }
        });
        tellRuntime();
    }

    /**
     * Looks whether any recording runs (its settings say which events it takes) and tells the runtime, unless a later
     * look told it already: each look takes its number before it looks, so the last told saw the last change. No lock
     * of this class is held while JFR is asked (JFR may call a listener holding a lock of its own).
     */
    private static void tellRuntime() {
        long look = LOOKS.incrementAndGet();
        boolean running = FlightRecorder.isInitialized() && FlightRecorder.getFlightRecorder().getRecordings()
                .stream().anyMatch(r -> r.getState() == RecordingState.RUNNING);
        synchronized (JfrEvents.class) {
            if (look > told) {
                told = look;
                recordingSwitch.accept(running);
            }
        }
    }

    /**
     * Begins an event of a top-level write ({@code kind} {@link #WRITE}) or read when a recording takes it, else
     * returns null. The runtime calls it only while a recording runs.
     */
    static IntFunction<Object> begin() {
        Event writes = new ObjectWriteEvent();
        Event reads = new ObjectReadEvent();
        return kind -> {
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
