package dev.serialboost.runtime;

import java.util.function.Supplier;

/**
 * Runs the runtime's set-up (the method handles and field offsets its classes find in their static initializers) as
 * the runtime's own action. Those initializers run when patched JDK code first calls a runtime class, on an
 * application thread; under a Security Manager (JDK 17-23) every private lookup, field or method found would otherwise
 * be checked against the application's frames below, which need not have the permissions, and fail. The runtime is
 * defined by the bootstrap loader, so as its own action it has them all. Without a Security Manager this is a plain
 * call, and so it is on a JDK without {@code java.security.AccessController} (deprecated for removal since JDK 17):
 * only {@link WithAccessController} names it, and it is loaded only where the class exists.
 */
public final class Privileged {

    /** Whether this JDK still has {@code java.security.AccessController}. */
    private static final boolean HAS_ACCESS_CONTROLLER = hasAccessController();

    private Privileged() {
    }

    /** {@code action}, run as the runtime's own. */
    public static <T> T call(final Supplier<T> action) {
        return HAS_ACCESS_CONTROLLER ? WithAccessController.call(action) : action.get();
    }

    private static boolean hasAccessController() {
        try {
            Class.forName("java.security.AccessController", false, null);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The call through {@code AccessController}, in a class of its own. */
    private static final class WithAccessController {

        @SuppressWarnings("removal") // AccessController: only there for a Security Manager (JDK 17-23)
        public static <T> T call(final Supplier<T> action) {
            return java.security.AccessController.doPrivileged(new java.security.PrivilegedAction<T>() {
                @Override
                public T run() {
                    return action.get();
                }
            });
        }
    }
}
