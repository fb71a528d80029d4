package dev.serialboost.agent;

import dev.serialboost.transformer.ClassFileSource;
import dev.serialboost.transformer.EnginePatches;

import java.lang.instrument.Instrumentation;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Switches on the engine layer: opens {@code java.io} to the runtime, then patches method bodies of
 * {@code ObjectOutputStream} and {@code ObjectInputStream} by retransformation, each after checking it has the shape
 * {@link EnginePatches} expects. Classes already loaded are patched too, so the engine works the
 * same when the agent is attached to a running JVM.
 */
final class EngineInstaller {

    private static final String ENGINE = "dev.serialboost.runtime.Engine";

    private EngineInstaller() {
    }

    /**
     * What came of switching the engine on.
     *
     * @param on      whether any of it is on
     * @param problem null when all of it is on, else what is off and why
     */
    record Outcome(boolean on, String problem) {
        static Outcome off(final String why) {
            return new Outcome(false, why);
        }
    }

    /** Switches the engine layer on as far as this JVM allows. Never throws. */
    static Outcome install(final Instrumentation inst) {
        try {
            Module runtime = Class.forName(ENGINE, false, null).getModule();
            // the patched java.base code calls the runtime (reads), the runtime reaches java.io internals (opens)
            inst.redefineModule(Object.class.getModule(), Set.of(runtime), Map.of(), Map.of("java.io", Set.of(runtime)),
                    Set.of(), Map.of());
            ClassFileSource jdk = ClassFileSource.of(null);
            Class<?> engine = Class.forName(ENGINE, true, null);
            String unavailable = (String) engine.getMethod("availability").invoke(null);
            if (unavailable != null) {
                return Outcome.off(unavailable);
            }
            byte[] descriptorClass = jdk.read("java/io/ObjectStreamClass");
            boolean recognise = EnginePatches.KNOWN_READ_NON_PROXY.contains(
                    EnginePatches.fingerprint(descriptorClass, EnginePatches.READ_NON_PROXY));
            boolean bind = EnginePatches.KNOWN_INIT_NON_PROXY.contains(
                    EnginePatches.fingerprint(descriptorClass, EnginePatches.INIT_NON_PROXY_METHOD))
                    && engine.getMethod("bindingAvailability").invoke(null) == null;
            // each class is checked as it is patched, before anything in it changes; a class of another shape
            // stays as it is, and the other one works on its own (the write side and the read side are independent)
            String reading = JdkClassPatcher.apply(inst, List.of(EnginePatches.OBJECT_INPUT_STREAM),
                    (name, bytes) -> EnginePatches.patch(name, bytes, recognise, bind));
            String writing = JdkClassPatcher.apply(inst, List.of(EnginePatches.OBJECT_OUTPUT_STREAM),
                    (name, bytes) -> EnginePatches.patch(name, bytes, recognise, bind));
            if (reading != null && writing != null) {
                return Outcome.off(reading + "; " + writing);
            }
            return new Outcome(true, reading != null ? "reading: " + reading : writing != null ? "writing: " + writing
                    : null);
        } catch (Throwable t) {
            return Outcome.off(t.toString());
        }
    }
}
