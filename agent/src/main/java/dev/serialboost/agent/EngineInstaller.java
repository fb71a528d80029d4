package dev.serialboost.agent;

import dev.serialboost.transformer.ClassFileSource;
import dev.serialboost.transformer.EnginePatches;

import java.lang.instrument.Instrumentation;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Switches on the engine layer: opens {@code java.io} to the runtime, checks that the running JDK's
 * {@code ObjectOutputStream} and {@code ObjectInputStream} have the shape {@link EnginePatches} expects, then
 * patches their method bodies by retransformation. Classes already loaded are patched too, so the engine works the
 * same when the agent is attached to a running JVM.
 */
final class EngineInstaller {

    private static final String ENGINE = "dev.serialboost.runtime.Engine";

    private EngineInstaller() {
    }

    /** Returns null when the engine layer is on, else why it is off. Never throws. */
    static String install(final Instrumentation inst) {
        try {
            Module runtime = Class.forName(ENGINE, false, null).getModule();
            // the patched java.base code calls the runtime (reads), the runtime reaches java.io internals (opens)
            inst.redefineModule(Object.class.getModule(), Set.of(runtime), Map.of(), Map.of("java.io", Set.of(runtime)),
                    Set.of(), Map.of());
            ClassFileSource jdk = ClassFileSource.of(null);
            List<String> problems = EnginePatches.check(jdk.read(EnginePatches.OBJECT_OUTPUT_STREAM),
                    jdk.read(EnginePatches.OBJECT_INPUT_STREAM));
            if (!problems.isEmpty()) {
                return "this JDK's java.io is not the shape serialboost knows (" + String.join("; ", problems) + ")";
            }
            Class<?> engine = Class.forName(ENGINE, true, null);
            String unavailable = (String) engine.getMethod("availability").invoke(null);
            if (unavailable != null) {
                return unavailable;
            }
            byte[] descriptorClass = jdk.read("java/io/ObjectStreamClass");
            boolean recognise = EnginePatches.KNOWN_READ_NON_PROXY.contains(
                    EnginePatches.fingerprint(descriptorClass, EnginePatches.READ_NON_PROXY));
            boolean bind = EnginePatches.KNOWN_INIT_NON_PROXY.contains(
                    EnginePatches.fingerprint(descriptorClass, EnginePatches.INIT_NON_PROXY_METHOD))
                    && engine.getMethod("bindingAvailability").invoke(null) == null;
            return JdkClassPatcher.apply(inst, List.of(EnginePatches.OBJECT_OUTPUT_STREAM,
                    EnginePatches.OBJECT_INPUT_STREAM), (name, bytes) -> EnginePatches.patch(name, bytes, recognise,
                    bind));
        } catch (Throwable t) {
            return t.toString();
        }
    }
}
