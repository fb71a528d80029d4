package dev.serialboost.agent;

import dev.serialboost.transformer.ClassFileSource;
import dev.serialboost.transformer.JdkPatches;

import java.lang.instrument.Instrumentation;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Switches on reading of streams written without serialboost: checks that the running JDK's
 * {@code java.io} classes have the shape {@link JdkPatches} expects, then patches two method bodies by
 * retransformation. {@code FieldValues} goes first: its hook does nothing until {@code initNonProxy} lets a
 * plain stream descriptor through to a converted class, so a failure between the two steps never leaves
 * a JDK that drops fields.
 */
final class LegacyReadingInstaller {

    private static final String HOOKS = "dev.serialboost.runtime.LegacyReading";

    private LegacyReadingInstaller() {
    }

    /** Returns null when reading plain streams is on, else why it is off. Never throws. */
    static String install(final Instrumentation inst) {
        try {
            Class<?> hooks = Class.forName(HOOKS, false, null);
            Module javaBase = Object.class.getModule();
            inst.redefineModule(javaBase, Set.of(hooks.getModule()), Map.of(),
                    Map.of("java.io", Set.of(hooks.getModule())), Set.of(), Map.of());
            String unavailable = (String) hooks.getMethod("availability").invoke(null);
            if (unavailable != null) {
                return unavailable;
            }
            ClassFileSource jdk = ClassFileSource.of(null);
            List<String> problems = JdkPatches.check(jdk.read(JdkPatches.OBJECT_STREAM_CLASS),
                    jdk.read(JdkPatches.FIELD_VALUES));
            if (!problems.isEmpty()) {
                return "this JDK's java.io is not the shape serialboost knows (" + String.join("; ", problems) + ")";
            }
            return JdkClassPatcher.apply(inst, List.of(JdkPatches.FIELD_VALUES, JdkPatches.OBJECT_STREAM_CLASS),
                    JdkPatches::patch);
        } catch (Throwable t) {
            return t.toString();
        }
    }
}
