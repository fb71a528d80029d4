package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.Overrides;
import dev.serialboost.runtime.jdk.JdkObjectInputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.lang.ref.WeakReference;

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
 *       ({@link #left} below it). The JDK's own classes' methods ({@code HashMap.readObject}, which calls the keys'
 *       {@code hashCode}) are reads of this kind too: they walk, and the walk skips their frames as the JDK's does.
 *       Except the closed readers' ({@code ArrayList}, {@code BigDecimal}...: the transformer's {@code
 *       ClosedReaders}), which run no code of another class while they read ({@link #closedReadStarts}): their own
 *       reads mark nothing, so the objects they hold keep the loader found for the top-level read.</li>
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
        /** Its thread, weakly: {@link #last} may hold a context after its thread has ended. */
        final WeakReference<Thread> thread = new WeakReference<>(Thread.currentThread());
        ObjectInputStream stream;
        ClassLoader loader;
        /** Class code may be on the stack for reads deeper than this; {@link Long#MAX_VALUE}: none. */
        long userDepth = Long.MAX_VALUE;
        /** The next public read of {@link #stream} is the converted format's loop reading: {@link #loopReads}. */
        boolean loopRead;
        /**
         * Bit {@code d} (depth 1 to 63): the object read at depth {@code d} is in a closed reader's {@code
         * readObject} ({@link #closedReadStarts}), whose public reads are its own.
         */
        long closed;
        /** Bit {@code d}: of those, one whose first public read only is its own. */
        long closedOnce;
        /** Whether {@link #stream} lets closed readers keep the loader: 0 not asked yet, 1 yes, -1 no. */
        byte closedAllowed;
    }

    private static final ThreadLocal<Context> CONTEXT = ThreadLocal.withInitial(Context::new);
    /**
     * The context of the thread that last started a top-level read: found without a thread-local look-up when it is
     * the current thread's (it is for streams read on one thread, also from one top-level read to the next); any
     * other thread looks its own up. It keeps neither its thread (weakly referenced) nor, once its read has ended,
     * a stream or a loader, so a thread that has finished reading (a web application's worker, its context loader)
     * is not kept reachable from here. A racy cache: a thread that sees another's context, or none, looks its own up;
     * {@link Context#thread} is final, so a context seen is whole.
     */
    private static Context last;

    private CallerLoader() {
    }

    /** The current thread's context, quickly when it is {@link #last}. */
    private static Context context() {
        Context c = last;
        return c != null && c.thread.refersTo(Thread.currentThread()) ? c : CONTEXT.get();
    }

    /** A read of {@code in} reached {@code depth}: at 1 a top-level read starts. */
    static void entered(final ObjectInputStream in, final long depth) {
        if (depth == 1) {
            Context c = context();
            c.stream = in;
            c.loader = null;
            c.userDepth = Long.MAX_VALUE;
            c.loopRead = false;
            c.closed = 0;
            c.closedOnce = 0;
            c.closedAllowed = 0;
            if (last != c) {
                last = c;
            }
        }
    }

    /** A read of {@code in} went back to {@code depth}: the object read at {@code depth + 1} is done. */
    static void left(final ObjectInputStream in, final long depth) {
        Context c = last;
        if (c == null || !c.thread.refersTo(Thread.currentThread())) {
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
            c.closed = 0;
        } else {
            if (depth < c.userDepth) {
                c.userDepth = Long.MAX_VALUE;
            }
            if (c.closed != 0 && depth < 63) {
                c.closed &= (1L << (depth + 1)) - 1; // a closed reader deeper than depth is done, however it ended
            }
        }
    }

    /** Code outside the stream reads from {@code in} at {@code depth}: above 0, class code is on the stack. */
    static void publicRead(final ObjectInputStream in, final long depth) {
        if (depth > 0) {
            Context c = context();
            if (c.stream == in) {
                long bit = depth < 64 ? 1L << depth : 0;
                if (c.loopRead) {
                    c.loopRead = false;
                } else if ((c.closed & bit) != 0) {
                    if ((c.closedOnce & bit) != 0) {
                        c.closed &= ~bit;
                    }
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
     * A closed reader's {@code readObject} (the transformer's {@code ClosedReaders}: {@code ArrayList}'s, {@code
     * BigDecimal}'s...) starts reading the object at {@code in}'s depth; {@code firstOnly}: only its first public read
     * is its own. Its public reads then mark no class code: none is on the stack above the object's depth, as long as
     * the stream's class does not override the stream methods such a method calls and the stream's filter is none or
     * the JDK's own pattern filter (a filter of another class runs under it, in {@code checkArray}). Its reads walk
     * the stack as before otherwise. Ended by {@link #closedReadEnds}, however the method ends.
     */
    static void closedReadStarts(final ObjectInputStream in, final boolean firstOnly) throws Throwable {
        Context c = context();
        if (c.stream == in) {
            long depth = (long) JdkObjectInputStream.DEPTH.invokeExact(in);
            if (depth > 0 && depth < 64 && closedAllowed(c, in)) {
                long bit = 1L << depth;
                c.closed |= bit;
                c.closedOnce = firstOnly ? c.closedOnce | bit : c.closedOnce & ~bit;
            }
        }
    }

    /** The closed reader started by {@link #closedReadStarts} at {@code in}'s depth has ended. */
    static void closedReadEnds(final ObjectInputStream in) throws Throwable {
        Context c = context();
        if (c.stream == in && c.closed != 0) {
            long depth = (long) JdkObjectInputStream.DEPTH.invokeExact(in);
            if (depth < 64) {
                c.closed &= ~(1L << depth);
            }
        }
    }

    /** Whether closed readers of {@code c}'s stream {@code in} may keep the loader; asked once per top-level read. */
    private static boolean closedAllowed(final Context c, final ObjectInputStream in) {
        byte allowed = c.closedAllowed;
        if (allowed == 0) {
            Class<?> type = in.getClass();
            ObjectInputFilter filter = in.getObjectInputFilter();
            allowed = (type == ObjectInputStream.class || !Overrides.CLOSED_READER_CALLS.get(type))
                    && (filter == null || filter.getClass() == PatternFilter.TYPE) ? (byte) 1 : (byte) -1;
            c.closedAllowed = allowed;
        }
        return allowed > 0;
    }

    /** The class of the JDK's own pattern filter ({@code ObjectInputFilter.Config.createFilter}'s), or null. */
    private static final class PatternFilter {
        static final Class<?> TYPE = type();

        private PatternFilter() {
        }

        private static Class<?> type() {
            try {
                return ObjectInputFilter.Config.createFilter("java.lang.String").getClass();
            } catch (RuntimeException e) {
                return null;
            }
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
