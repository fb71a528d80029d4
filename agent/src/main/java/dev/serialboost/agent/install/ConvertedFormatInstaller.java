package dev.serialboost.agent.install;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.converted.ConvertedFormatPatches;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;

/**
 * Switches the converted format on in the JDK's stream engine: checks that the running JDK's {@code java.io}
 * classes have the shape {@link ConvertedFormatPatches} expects, then patches their method bodies by
 * retransformation. Until the last class is patched nothing writes the converted format (the writer's lookup is
 * patched last), so a failure part way leaves every class written and read in the plain format.
 */
public final class ConvertedFormatInstaller {

    private static final String HOOKS = RuntimeInstaller.installed("converted/ConvertedFormat");

    private ConvertedFormatInstaller() {
    }

    /** Returns null when the converted format is on, else why it is off. Never throws. */
    public static String install(final Instrumentation inst) {
        try {
            Class<?> hooks = Class.forName(HOOKS, false, null);
            String unavailable = (String) hooks.getMethod("availability").invoke(null);
            if (unavailable != null) {
                return unavailable;
            }
            ClassFileSource jdk = ClassFileSource.of(null);
            List<String> problems = new ArrayList<>();
            for (String name : ConvertedFormatPatches.CLASSES) {
                problems.addAll(ConvertedFormatPatches.check(name, jdk.read(name)));
            }
            if (!problems.isEmpty()) {
                return "this JDK's java.io is not the shape serialboost knows (" + String.join("; ", problems) + ")";
            }
            return JdkClassPatcher.apply(inst, ConvertedFormatPatches.CLASSES,
                    ConvertedFormatPatches::patch);
        } catch (Throwable t) {
            return t.toString();
        }
    }
}
