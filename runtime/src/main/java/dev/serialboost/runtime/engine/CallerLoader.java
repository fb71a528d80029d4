package dev.serialboost.runtime.engine;

import java.io.ObjectInputStream;

/**
 * The class loader {@code ObjectInputStream.resolveClass} asks, {@code latestUserDefinedLoader()}, found once per
 * top-level {@code readObject} instead of by a stack walk for every class descriptor.
 *
 * <p>Exact: the walk returns the loader of the nearest frame whose class a user-defined loader defined. While a
 * top-level read runs, the frames above its caller belong to {@code java.base} and this runtime (both skipped by the
 * walk), so the caller's loader is the answer, except below a frame of class code the stream runs. Every such point,
 * and why it is accounted for:
 * <ul>
 *   <li>{@code readObject}, {@code readExternal}, {@code readObjectNoData}, {@code readResolve} of a class, and a
 *       non-serializable superclass's constructor, can reach a descriptor of this stream only by reading from it:
 *       through {@code readObject}, {@code readUnshared}, {@code defaultReadObject} or {@code readFields}, whose
 *       patched entries report it with the stream's depth ({@link #publicRead}). From then on every descriptor read
 *       deeper than that walks the stack as without the engine, until the object read at that depth is done
 *       ({@link #left} below it). The JDK's own classes' methods ({@code ArrayList.readObject}, {@code List.of}'s
 *       {@code CollSer}) are reads of this kind too: they walk, and the walk skips their frames as the JDK's does.</li>
 *   <li>The converted format's {@code defaultReadObject} hook reads a converted level's fields instead of the JDK's
 *       code, before the patched entry could report: it reports the same ({@code Engine.classCodeReads}). The
 *       converted format's other reads ({@code readExternal}-style data) run in {@code java.io} frames, as the JDK
 *       reads a plain object's fields: no class code is on the stack there.</li>
 *   <li>A stream opened inside class code (a nested stream, a validation callback reading another stream) starts a
 *       top-level read of its own: it takes this thread's context, and the outer stream's descriptors walk from then
 *       on ({@code c.stream != in}) until the outer top-level read ends.</li>
 *   <li>Validation callbacks run when the top-level read is over (depth 0): a read from them is a new top-level
 *       read.</li>
 *   <li>Proxy descriptors are resolved by the JDK's own {@code resolveProxyClass}, which walks itself.</li>
 * </ul>
 * A walk's result is kept only for the stream and top-level read it was made in, on the thread that made it, and
 * dropped when that read ends (also when it ends with an exception), so no stream, loader or thread outlives it here.
 * A class resolved on a miss is remembered under the loader a walk made for that miss finds ({@code
 * Engine.resolveClass}), so whatever this class answers, no later stream gets a class another loader resolved.
 */
final class CallerLoader {

    /** The top-level read in progress on a thread, if any. Only its thread changes it. */
    private static final class Context {
        final Thread thread = Thread.currentThread();
        ObjectInputStream stream;
        ClassLoader loader;
        /** Class code may be on the stack for reads deeper than this; {@link Long#MAX_VALUE}: none. */
        long userDepth = Long.MAX_VALUE;
        /** The next public read of {@link #stream} is the converted format's loop reading: {@link #loopReads}. */
        boolean loopRead;
    }

    private static final ThreadLocal<Context> CONTEXT = ThreadLocal.withInitial(Context::new);
    /**
     * The context of the thread that last started a top-level read, while that read runs: found without a
     * thread-local look-up when it is the current thread's (it is for a stream read on one thread); any other thread
     * looks its own up. Cleared when that read ends, so that a thread that has finished reading (a web application's
     * worker, its context loader) is not kept reachable from here after it ends. A racy cache: a thread that sees
     * another's context, or none, looks its own up; {@link Context#thread} is final, so a context seen is whole.
     */
    private static Context last;

    private CallerLoader() {
    }

    /** The current thread's context, quickly when it is {@link #last}. */
    private static Context context() {
        Context c = last;
        return c != null && c.thread == Thread.currentThread() ? c : CONTEXT.get();
    }

    /** A read of {@code in} reached {@code depth}: at 1 a top-level read starts. */
    static void entered(final ObjectInputStream in, final long depth) {
        if (depth == 1) {
            Context c = CONTEXT.get();
            c.stream = in;
            c.loader = null;
            c.userDepth = Long.MAX_VALUE;
            c.loopRead = false;
            if (last != c) {
                last = c;
            }
        }
    }

    /** A read of {@code in} went back to {@code depth}: the object read at {@code depth + 1} is done. */
    static void left(final ObjectInputStream in, final long depth) {
        Context c = last;
        if (c == null || c.thread != Thread.currentThread()) {
            if (depth != 0) {
                return; // another thread's stream: a class-code depth stays marked, which only means more walks
            }
            c = CONTEXT.get();
        }
        if (c.stream != in) {
            return;
        }
        if (depth == 0) {
            c.stream = null;
            c.loader = null;
            if (last == c) {
                last = null;
            }
        } else if (depth < c.userDepth) {
            c.userDepth = Long.MAX_VALUE;
        }
    }

    /** Code outside the stream reads from {@code in} at {@code depth}: above 0, class code is on the stack. */
    static void publicRead(final ObjectInputStream in, final long depth) {
        if (depth > 0) {
            Context c = context();
            if (c.stream == in) {
                if (c.loopRead) {
                    c.loopRead = false;
                } else if (depth < c.userDepth) {
                    c.userDepth = depth;
                }
            }
        }
    }

    /**
     * The converted format's loop in {@code readExternalData} reads a reference of a converted object next, with the
     * stream's {@code readObject(Object.class)}: a public entry, but called from {@code java.io}'s own frame, as the
     * JDK's {@code defaultReadFields} reads a plain object's references, so no class code is on the stack for it. The
     * one {@link #publicRead} that call reports is not class code reading; every later one is again.
     */
    static void loopReads(final ObjectInputStream in) {
        Context c = context();
        if (c.stream == in) {
            c.loopRead = true;
        }
    }

    /**
     * {@code latestUserDefinedLoader()} as seen from {@code in}'s {@code readNonProxyDesc} at {@code depth}: the
     * walk's result kept for the current top-level read where that is exact, else a walk.
     */
    static ClassLoader of(final ObjectInputStream in, final long depth) throws Throwable {
        Context c = context();
        if (c.stream != in || depth > c.userDepth) {
            return Engine.latestUserDefinedLoader();
        }
        ClassLoader loader = c.loader;
        if (loader == null) {
            loader = Engine.latestUserDefinedLoader();
            c.loader = loader;
        }
        return loader;
    }
}
