package dev.serialboost.agent.install;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;

/**
 * Applies a bytes-to-bytes patch to some bootstrap classes by retransformation, and again whenever they are
 * retransformed later (so another agent's retransformation keeps the patch).
 */
final class JdkClassPatcher implements ClassFileTransformer {

    private final List<String> classes;
    /** (internal name, class file) to patched class file. */
    private final BiFunction<String, byte[], byte[]> patch;
    private final Set<String> done = ConcurrentHashMap.newKeySet();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    private JdkClassPatcher(final List<String> classes, final BiFunction<String, byte[], byte[]> patch) {
        this.classes = List.copyOf(classes);
        this.patch = patch;
    }

    /**
     * Registers the patcher and retransforms {@code classes} (internal names, in order).
     *
     * @return null when every class was patched, else which one was not and why
     */
    static String apply(final Instrumentation inst, final List<String> classes,
                        final BiFunction<String, byte[], byte[]> patch) throws Exception {
        JdkClassPatcher patcher = new JdkClassPatcher(classes, patch);
        inst.addTransformer(patcher, true);
        for (String name : classes) {
            inst.retransformClasses(Class.forName(name.replace('/', '.'), false, null));
            if (!patcher.done.contains(name)) {
                return "could not patch " + name.replace('/', '.') + ": " + patcher.failure.get();
            }
        }
        return null;
    }

    @Override
    public byte[] transform(final ClassLoader loader, final String className, final Class<?> redefined,
                            final ProtectionDomain domain, final byte[] bytes) {
        if (loader != null || !classes.contains(className)) {
            return null;
        }
        try {
            byte[] patched = patch.apply(className, bytes);
            done.add(className);
            return patched;
        } catch (Throwable t) {
            failure.set(t);
            return null;
        }
    }
}
