package dev.serialboost.agent.install;

import dev.serialboost.transformer.engine.FilterConfigPatch;

import java.lang.instrument.Instrumentation;
import java.util.List;

/**
 * Applies {@link FilterConfigPatch} for the {@code filter} setting at start-up: {@code ObjectInputFilter$Config},
 * loaded (not initialized) and retransformed, calls the runtime's {@code SerialFilters} when it initializes. The
 * runtime must be installed first ({@link RuntimeInstaller#install}) and armed after ({@link
 * RuntimeInstaller#armFilter}), which installs the filter at once when {@code Config} had initialized before the
 * patch: a class initializes once, so its patched initializer would never run.
 */
public final class FilterInstaller {

    private FilterInstaller() {
    }

    /** Null when the patch is in place, else why not. */
    public static String install(final Instrumentation inst) throws Exception {
        FilterConfigPatch patch = new FilterConfigPatch();
        return JdkClassPatcher.apply(inst, List.of(FilterConfigPatch.CONFIG), (name, bytes) -> patch.change(bytes));
    }
}
