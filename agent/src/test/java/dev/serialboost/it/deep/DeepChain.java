package dev.serialboost.it.deep;

import dev.serialboost.it.StreamFlags;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * How deep a singly linked chain this JVM writes and reads on a thread of a given stack size: each link is one
 * nesting level of the stream engine. Prints {@code write N read M}, the longest chains that work (found by
 * bisection; a {@code StackOverflowError} means too deep, any other failure ends the run). Reading is measured on
 * bytes written on a thread with a large stack, so that it is not limited by writing.
 *
 * <p>Arguments: the stack size in KiB; optionally {@code externalizable}, for a chain of an {@code Externalizable}
 * class ({@link ExternalLink}) instead of a {@code Serializable} one ({@link Link}), {@code custom}, for a chain of
 * a class with its own {@code writeObject} and {@code readObject} ({@link CustomLink}), or {@code list}, for lists
 * nested in lists ({@code ArrayList}, whose own methods are the JDK's).
 */
public final class DeepChain {

    private static final long LARGE_STACK = 1L << 30;

    private DeepChain() {
    }

    /** One level of the chain. */
    public static final class Link implements Serializable {
        private static final long serialVersionUID = 1L;
        int value;
        Link next;
    }

    /** One level of a chain of an {@code Externalizable} class: it writes and reads its fields itself. */
    public static final class ExternalLink implements Externalizable {
        private static final long serialVersionUID = 1L;
        int value;
        ExternalLink next;

        public ExternalLink() {
        }

        @Override
        public void writeExternal(final ObjectOutput out) throws IOException {
            out.writeInt(value);
            out.writeObject(next);
        }

        @Override
        public void readExternal(final ObjectInput in) throws IOException, ClassNotFoundException {
            value = in.readInt();
            next = (ExternalLink) in.readObject();
        }
    }

    /** One level of a chain of a class with its own {@code writeObject}/{@code readObject}, as the JDK's have. */
    public static final class CustomLink implements Serializable {
        private static final long serialVersionUID = 1L;
        int value;
        CustomLink next;

        private void writeObject(final ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
        }

        private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
        }
    }

    public static void main(final String[] args) throws Exception {
        long stack = Long.parseLong(args[0]) * 1024;
        String kind = args.length > 1 ? args[1] : "serializable";
        // every class the streams need loads on a shallow stack first
        Object warm = chain(3, kind);
        if (length(StreamFlags.read(StreamFlags.write(warm))) != 3) {
            throw new IllegalStateException("a chain of 3 did not come back whole");
        }
        System.out.println("write " + deepest(stack, false, kind) + " read " + deepest(stack, true, kind));
    }

    private static int deepest(final long stack, final boolean reading, final String kind) throws Exception {
        int works = 1;
        int fails = 1_000_000;
        while (fails - works > 1) {
            int n = (works + fails) >>> 1;
            Object chain = chain(n, kind);
            boolean ok;
            if (reading) {
                byte[][] bytes = new byte[1][];
                if (!on(LARGE_STACK, () -> bytes[0] = StreamFlags.write(chain))) {
                    throw new IllegalStateException("a chain of " + n + " did not write on a 1 GiB stack");
                }
                Object[] back = new Object[1];
                ok = on(stack, () -> back[0] = StreamFlags.read(bytes[0]));
                if (ok && length(back[0]) != n) {
                    throw new IllegalStateException("a chain of " + n + " came back " + length(back[0]) + " long");
                }
            } else {
                ok = on(stack, () -> StreamFlags.write(chain));
            }
            if (ok) {
                works = n;
            } else {
                fails = n;
            }
        }
        return works;
    }

    /** A piece of work that may overflow the stack. */
    interface Step {
        void run() throws Exception;
    }

    /** Runs the step on a new thread of this stack size: true if it worked, false on a stack overflow. */
    static boolean on(final long stack, final Step step) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = new Thread(null, () -> {
            try {
                step.run();
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "deep", stack);
        thread.start();
        thread.join();
        Throwable t = failure.get();
        if (t == null) {
            return true;
        }
        if (t instanceof StackOverflowError) {
            return false;
        }
        throw new IllegalStateException("failed otherwise than by a stack overflow", t);
    }

    private static Object chain(final int n, final String kind) {
        Object head = null;
        for (int i = n; i > 0; i--) {
            switch (kind) {
                case "externalizable" -> {
                    ExternalLink link = new ExternalLink();
                    link.value = i;
                    link.next = (ExternalLink) head;
                    head = link;
                }
                case "custom" -> {
                    CustomLink link = new CustomLink();
                    link.value = i;
                    link.next = (CustomLink) head;
                    head = link;
                }
                case "list" -> {
                    List<Object> link = new ArrayList<>();
                    link.add(i);
                    link.add(head);
                    head = link;
                }
                case "serializable" -> {
                    Link link = new Link();
                    link.value = i;
                    link.next = (Link) head;
                    head = link;
                }
                default -> throw new IllegalArgumentException("no chain of kind " + kind);
            }
        }
        return head;
    }

    private static int length(final Object head) {
        int n = 0;
        for (Object l = head; l != null; n++) {
            int value = l instanceof Link link ? link.value
                    : l instanceof CustomLink custom ? custom.value
                    : l instanceof List<?> list ? (Integer) list.get(0) : ((ExternalLink) l).value;
            if (value != n + 1) {
                throw new IllegalStateException("link " + (n + 1) + " holds " + value);
            }
            l = l instanceof Link link ? link.next
                    : l instanceof CustomLink custom ? custom.next
                    : l instanceof List<?> list ? list.get(1) : ((ExternalLink) l).next;
        }
        return n;
    }
}
