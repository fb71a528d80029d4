package dev.serialboost.bench.run;

import java.io.IOException;
import java.io.OutputStream;

/** Writes to two streams: JMH's output to the console and to the log the runner reads the agent's lines from. */
final class Tee extends OutputStream {
    private final OutputStream a;
    private final OutputStream b;

    /** Closing the tee closes {@code b} and only flushes {@code a} (the console). */
    Tee(final OutputStream a, final OutputStream b) {
        this.a = a;
        this.b = b;
    }

    @Override
    public void write(final int c) throws IOException {
        a.write(c);
        b.write(c);
    }

    @Override
    public void write(final byte[] bytes, final int off, final int len) throws IOException {
        a.write(bytes, off, len);
        b.write(bytes, off, len);
    }

    @Override
    public void flush() throws IOException {
        a.flush();
        b.flush();
    }

    @Override
    public void close() throws IOException {
        b.close();
        a.flush();
    }
}
