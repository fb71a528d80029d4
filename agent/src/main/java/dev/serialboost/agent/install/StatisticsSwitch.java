package dev.serialboost.agent.install;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * Switches the runtime's statistics on ({@code Statistics.start}, package-private in {@code java.io}). Loaded by a
 * class loader of its own, to whose unnamed module alone {@code java.io} is opened, and referencing only {@code
 * java.base}, as {@link RuntimeDefiner}: no application class can do what it does. Public only for the installer's
 * reflective call across the loaders.
 */
public final class StatisticsSwitch {

    private StatisticsSwitch() {
    }

    /**
     * Switches statistics on with the JFR event functions (or nulls); the reader of their snapshot, and what tells the
     * runtime whether a JFR recording runs ({@code Statistics.recording}).
     */
    public static Map.Entry<Supplier<?>, Consumer<Boolean>> start(final IntFunction<Object> begin,
                                                                  final BiConsumer<Object, Object[]> end)
            throws Throwable {
        Class<?> statistics = Class.forName("java.io.Serialboost$Statistics", false, null);
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(statistics, MethodHandles.lookup());
        Supplier<?> reader = (Supplier<?>) lookup.findStatic(statistics, "start", MethodType.methodType(
                Supplier.class, IntFunction.class, BiConsumer.class)).invoke(begin, end);
        MethodHandle recording = lookup.findStatic(statistics, "recording", MethodType.methodType(void.class,
                boolean.class));
        Consumer<Boolean> recordingSwitch = running -> {
            try {
                recording.invokeExact(running.booleanValue());
            } catch (Throwable t) {
                throw new IllegalStateException("statistics: the JFR switch failed", t);
            }
        };
        return Map.entry(reader, recordingSwitch);
    }
}
