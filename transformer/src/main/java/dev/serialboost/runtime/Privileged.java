package dev.serialboost.runtime;

import java.security.AccessController;
import java.security.PrivilegedAction;

/**
 * Runs the runtime's set-up (the method handles and field offsets its classes find in their static initializers) as
 * the runtime's own action. Those initializers run when patched JDK code first calls a runtime class, on an
 * application thread; under a Security Manager (JDK 17-23) every private lookup, field or method found would otherwise
 * be checked against the application's frames below, which need not have the permissions, and fail. The runtime is
 * defined by the bootstrap loader, so as its own action it has them all. Without a Security Manager this is a plain
 * call.
 */
final class Privileged {

    private Privileged() {
    }

    @SuppressWarnings("removal") // AccessController: only there for a Security Manager (JDK 17-23)
    static <T> T call(final PrivilegedAction<T> action) {
        return AccessController.doPrivileged(action);
    }
}
