package dev.serialboost.demo;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The three ways the legacy system moves messages, each a publisher and a subscriber (or a writer and a
 * replayer) using nothing but {@link ObjectOutputStream} and {@link ObjectInputStream}. The publisher's
 * messages are ready in memory before the clock starts; the subscriber checksums each message as it arrives.
 */
final class Feed {

    private static final int BUFFER = 64 * 1024;
    private static final int STALL_MILLIS = 60_000;

    /** What one phase measured. */
    record Result(String phase, long messages, long bytes, long nanos, String checksum, String detail) {
        double messagesPerSecond() {
            return messages * 1e9 / nanos;
        }

        double megabytesPerSecond() {
            return bytes * 1e3 / nanos;
        }
    }

    private Feed() {
    }

    /**
     * Phase 1, RMI/cache style: every message is serialized to a byte[] with a new ObjectOutputStream and sent
     * length-prefixed over a loopback socket; the subscriber reads each with a new ObjectInputStream.
     */
    static Result perMessageStreams(final Object[] messages) throws Exception {
        return overSocket("per-message-streams", messages.length, out -> {
            DataOutputStream data = new DataOutputStream(new BufferedOutputStream(out, BUFFER));
            long bytes = 0;
            for (Object message : messages) {
                ByteArrayOutputStream buffer = new ByteArrayOutputStream(256);
                try (ObjectOutputStream oos = new ObjectOutputStream(buffer)) {
                    oos.writeObject(message);
                }
                data.writeInt(buffer.size());
                buffer.writeTo(data);
                bytes += 4 + buffer.size();
            }
            data.writeInt(-1);
            data.flush();
            return bytes + 4;
        }, in -> {
            DataInputStream data = new DataInputStream(new BufferedInputStream(in, BUFFER));
            Digest digest = new Digest();
            for (int length = data.readInt(); length >= 0; length = data.readInt()) {
                byte[] message = new byte[length];
                data.readFully(message);
                try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(message))) {
                    digest.add(ois.readObject());
                }
            }
            return digest;
        }, "");
    }

    /**
     * Phase 2, one long-lived stream over the socket for all messages, reset every {@code resetEvery} messages
     * (as real code does to bound the stream's handle table); a null ends the stream.
     */
    static Result longLivedStream(final Object[] messages, final int resetEvery) throws Exception {
        return overSocket("long-lived-stream", messages.length, out -> {
            CountingOutputStream counted = new CountingOutputStream(out);
            ObjectOutputStream oos = new ObjectOutputStream(new BufferedOutputStream(counted, BUFFER));
            writeAll(oos, messages, resetEvery);
            oos.flush();
            return counted.count;
        }, in -> readAll(new ObjectInputStream(new BufferedInputStream(in, BUFFER))), " reset-every=" + resetEvery);
    }

    /** Phase 3, a journal: all messages written to a file with one stream, then replayed from it. */
    static Result journal(final Object[] messages, final int resetEvery) throws Exception {
        Path dir = Files.createTempDirectory("serialboost-demo-");
        Path file = dir.resolve("journal.ser");
        try {
            long start = System.nanoTime();
            try (ObjectOutputStream oos = new ObjectOutputStream(
                    new BufferedOutputStream(Files.newOutputStream(file), BUFFER))) {
                writeAll(oos, messages, resetEvery);
            }
            long written = System.nanoTime();
            Digest digest;
            try (ObjectInputStream ois = new ObjectInputStream(
                    new BufferedInputStream(Files.newInputStream(file), BUFFER))) {
                digest = readAll(ois);
            }
            long end = System.nanoTime();
            expectCount(digest, messages.length);
            return new Result("journal-file", messages.length, Files.size(file), end - start, digest.value(),
                    " write-ms=" + (written - start) / 1_000_000 + " replay-ms=" + (end - written) / 1_000_000
                            + " reset-every=" + resetEvery);
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    private static void writeAll(final ObjectOutputStream oos, final Object[] messages, final int resetEvery)
            throws IOException {
        for (int i = 0; i < messages.length; i++) {
            if (i > 0 && i % resetEvery == 0) {
                oos.reset();
            }
            oos.writeObject(messages[i]);
        }
        oos.writeObject(null);
    }

    private static Digest readAll(final ObjectInputStream ois) throws IOException, ClassNotFoundException {
        Digest digest = new Digest();
        for (Object message = ois.readObject(); message != null; message = ois.readObject()) {
            digest.add(message);
        }
        return digest;
    }

    interface Publisher {
        /** Writes the feed to {@code out}, returns the number of bytes written. */
        long publish(OutputStream out) throws Exception;
    }

    interface Subscriber {
        Digest subscribe(InputStream in) throws Exception;
    }

    /** Runs a publisher thread and a subscriber (this thread) over a loopback TCP connection. */
    private static Result overSocket(final String phase, final int count,
                                     final Publisher publisher, final Subscriber subscriber, final String detail)
            throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket server = new ServerSocket(0, 1, loopback);
             Socket client = new Socket(loopback, server.getLocalPort());
             Socket accepted = server.accept()) {
            client.setTcpNoDelay(true);
            accepted.setSoTimeout(STALL_MILLIS); // never hang: a stalled feed fails the phase
            AtomicReference<Throwable> failure = new AtomicReference<>();
            long[] bytes = new long[1];
            Thread thread = new Thread(() -> {
                try {
                    bytes[0] = publisher.publish(client.getOutputStream());
                    client.shutdownOutput();
                } catch (Throwable t) {
                    failure.set(t);
                    closeQuietly(client); // the subscriber sees the connection end
                }
            }, "publisher");
            thread.setDaemon(true);
            long start = System.nanoTime();
            thread.start();
            Digest digest;
            try {
                digest = subscriber.subscribe(accepted.getInputStream());
            } catch (Exception e) {
                closeQuietly(accepted); // a publisher blocked on a full socket buffer fails instead of waiting
                thread.join(STALL_MILLIS);
                if (failure.get() != null) {
                    e.addSuppressed(failure.get());
                }
                throw e;
            }
            long end = System.nanoTime();
            thread.join();
            if (failure.get() != null) {
                throw new IllegalStateException("publisher failed in phase " + phase, failure.get());
            }
            expectCount(digest, count);
            return new Result(phase, count, bytes[0], end - start, digest.value(), detail);
        }
    }

    private static void expectCount(final Digest digest, final int count) {
        if (digest.messages() != count) {
            throw new IllegalStateException("received " + digest.messages() + " messages, expected " + count);
        }
    }

    private static void closeQuietly(final Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is all that was wanted
        }
    }

    /** Counts the bytes that reach the socket. */
    private static final class CountingOutputStream extends FilterOutputStream {
        long count;

        CountingOutputStream(final OutputStream out) {
            super(out);
        }

        @Override
        public void write(final int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(final byte[] b, final int off, final int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }
}
