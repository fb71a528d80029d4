package dev.serialboost.it.filters;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.instrument.Instrumentation;

/**
 * An agent given before serialboost's ({@code -javaagent:early.jar -javaagent:serialboost-agent.jar=filter=FILE}), as
 * a monitoring or framework agent may be: its {@code premain} deserializes a number, so the JDK sets its filters up
 * ({@code ObjectInputFilter$Config} initializes) before serialboost's {@code premain} can patch them. Prints nothing.
 */
public final class EarlyStream {

    private EarlyStream() {
    }

    public static void premain(final String args, final Instrumentation inst) throws IOException,
            ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(42);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            if (!Integer.valueOf(42).equals(in.readObject())) {
                throw new IllegalStateException("not the number written");
            }
        }
    }
}
