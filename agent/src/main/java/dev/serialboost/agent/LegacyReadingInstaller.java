package dev.serialboost.agent;

import dev.serialboost.transformer.ClassFileSource;
import dev.serialboost.transformer.JdkPatches;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

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
            Patcher patcher = new Patcher();
            inst.addTransformer(patcher, true);
            for (String name : List.of(JdkPatches.FIELD_VALUES, JdkPatches.OBJECT_STREAM_CLASS)) {
                inst.retransformClasses(Class.forName(name.replace('/', '.'), false, null));
                if (!patcher.patched(name)) {
                    return "could not patch " + name.replace('/', '.') + ": " + patcher.failure.get();
                }
            }
            return null;
        } catch (Throwable t) {
            return t.toString();
        }
    }

    /** Patches the two classes whenever they are (re)transformed, so a later retransformation keeps it. */
    private static final class Patcher implements ClassFileTransformer {
        private final Set<String> done = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();

        boolean patched(final String name) {
            return done.contains(name);
        }

        @Override
        public byte[] transform(final ClassLoader loader, final String className, final Class<?> redefined,
                                final ProtectionDomain domain, final byte[] bytes) {
            if (loader != null || (!JdkPatches.OBJECT_STREAM_CLASS.equals(className)
                    && !JdkPatches.FIELD_VALUES.equals(className))) {
                return null;
            }
            try {
                byte[] patched = JdkPatches.patch(className, bytes);
                done.add(className);
                return patched;
            } catch (Throwable t) {
                failure.set(t);
                return null;
            }
        }
    }
}
