package dev.serialboost.agent.install;

import dev.serialboost.transformer.engine.FilterConfigPatch;

import java.lang.instrument.Instrumentation;
import java.util.List;

/**
 * Applies {@link FilterConfigPatch} for the {@code filter} setting: {@code ObjectInputFilter$Config}, loaded (not
 * initialized) and retransformed, calls the runtime's {@code SerialFilters} when it initializes. The runtime must be
 * armed first ({@link RuntimeInstaller#armFilter}).
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
