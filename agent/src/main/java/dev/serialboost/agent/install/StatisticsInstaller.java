package dev.serialboost.agent.install;

import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * Switches on the runtime's statistics: defines the runtime if it is not yet (the engine layer alone defers that to the
 * first stream class), then calls {@code Statistics.start} through {@link StatisticsSwitch}, loaded into a class loader
 * of its own to which alone {@code java.io} is opened, as {@link RuntimeInstaller} does for the definer. Nothing
 * refers to that loader afterwards. The patched stream classes report to the statistics always; this only switches
 * the counting on, so a running JVM needs no retransformation.
 */
public final class StatisticsInstaller {

    private StatisticsInstaller() {
    }

    /**
     * Switches statistics on (again: nothing changes but the event functions) and returns the reader of their
     * snapshot, a map of JDK types described at {@code dev.serialboost.runtime.engine.Statistics#snapshot}, with what
     * tells the runtime whether a JFR recording runs (the events begin only then).
     */
    @SuppressWarnings("unchecked")
    public static synchronized Map.Entry<Supplier<Map<String, Object>>, Consumer<Boolean>> start(
            final Instrumentation inst, final IntFunction<Object> begin, final BiConsumer<Object, Object[]> end)
            throws Throwable {
        RuntimeInstaller.install(inst);
        RuntimeInstaller.Isolated isolated = new RuntimeInstaller.Isolated();
        Class<?> switcher = isolated.define(StatisticsSwitch.class);
        inst.redefineModule(Object.class.getModule(), Set.of(), Map.of(), Map.of("java.io",
                Set.of(isolated.getUnnamedModule())), Set.of(), Map.of());
        return (Map.Entry<Supplier<Map<String, Object>>, Consumer<Boolean>>) switcher
                .getMethod("start", IntFunction.class, BiConsumer.class).invoke(null, begin, end);
    }
}
