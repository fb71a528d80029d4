package dev.serialboost.it.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;

/**
 * Stream subclasses that note whether the engine layer handled them: the engine calls their
 * {@code writeClassDescriptor} and {@code resolveClass} overrides itself, so a {@code java.io.Serialboost$Engine}
 * (the runtime as installed)
 * frame is on the stack then.
 */
public final class EngineProbes {

    private static final String ENGINE = "java.io.Serialboost$Engine";

    private EngineProbes() {
    }

    static boolean engineOnStack() {
        for (StackTraceElement e : new Throwable().getStackTrace()) {
            if (e.getClassName().equals(ENGINE)) {
                return true;
            }
        }
        return false;
    }

    /** Writes descriptors as the JDK does, noting whether the engine called it. */
    public static final class ProbeOut extends ObjectOutputStream {
        public static boolean engineSeen;

        public ProbeOut(final OutputStream out) throws IOException {
            super(out);
        }

        @Override
        protected void writeClassDescriptor(final ObjectStreamClass desc) throws IOException {
            engineSeen |= engineOnStack();
            super.writeClassDescriptor(desc);
        }
    }

    /** Resolves classes as the JDK does, noting whether the engine called it. */
    public static final class ProbeIn extends ObjectInputStream {
        public static boolean engineSeen;

        public ProbeIn(final InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            engineSeen |= engineOnStack();
            return super.resolveClass(desc);
        }
    }
}
