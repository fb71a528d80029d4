package dev.serialboost.agent.install;

import dev.serialboost.transformer.converted.ConvertedFormatPatches;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.JdkPatchSet;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;

/**
 * Switches the converted format on in the JDK's stream engine: checks that the running JDK's {@code java.io} classes
 * have the shape every patch of {@link ConvertedFormatPatches#set()} expects, then patches their method bodies by
 * retransformation, in the set's order. Until the last class is patched nothing writes the converted format (the
 * writer's lookup is patched last), so a failure part way leaves every class written and read in the plain format.
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
            JdkPatchSet set = ConvertedFormatPatches.set();
            ClassFileSource jdk = ClassFileSource.of(null);
            // all of them first: the format is on in every class or in none
            List<String> problems = new ArrayList<>();
            for (JdkPatch patch : set.patches()) {
                try {
                    patch.check(jdk.read(patch.target()), jdk);
                } catch (IllegalStateException e) {
                    problems.add(e.getMessage());
                }
            }
            if (!problems.isEmpty()) {
                return "this JDK's java.io is not the shape serialboost knows (" + String.join("; ", problems) + ")";
            }
            // checked above, on the JDK's class files: each is changed as it is retransformed, without a second check
            return JdkClassPatcher.apply(inst, set.targets(), (name, bytes) -> set.own(name).change(bytes));
        } catch (Throwable t) {
            return t.toString();
        }
    }
}
