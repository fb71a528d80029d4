package dev.serialboost.runtime;

import java.io.ObjectInputStream;

/**
 * The class loader {@code ObjectInputStream.resolveClass} asks, {@code latestUserDefinedLoader()}, found once per
 * top-level {@code readObject} instead of by a stack walk for every class descriptor. Exact: the walk returns the
 * loader of the nearest frame whose class a user-defined loader defined; while a top-level read runs, the frames
 * above its caller belong to {@code java.base} and this runtime (both skipped by the walk) unless the stream runs
 * class-specific code (instantiation, {@code readObject}, {@code readExternal}, {@code readResolve}, a record's
 * constructor, {@code resolveObject}, validation callbacks). The patched stream reports those calls
 * ({@link #userCodeStarts}/{@link #userCodeEnds}); while one runs, every descriptor walks the stack as without
 * the engine. A walk result is kept only for the stream and the top-level call it was made in, on the thread that
 * made it, and dropped when that call ends, so no stream or loader outlives it here. An exception leaving class
 * code leaves the count raised: the rest of that call walks, which is never wrong.
 */
final class CallerLoader {

    /** The top-level read in progress on this thread, if any. */
    private static final class Context {
        ObjectInputStream stream;
        ClassLoader loader;
        int userCode;
    }

    private static final ThreadLocal<Context> CONTEXT = ThreadLocal.withInitial(Context::new);

    private CallerLoader() {
    }

    /** A read of {@code in} reached {@code depth}: at 1 a top-level read starts. */
    static void entered(final ObjectInputStream in, final long depth) {
        if (depth == 1) {
            Context c = CONTEXT.get();
            c.stream = in;
            c.loader = null;
            c.userCode = 0;
        }
    }

    /** A read of {@code in} went back to {@code depth}: at 0 the top-level read ended. */
    static void left(final ObjectInputStream in, final long depth) {
        if (depth == 0) {
            Context c = CONTEXT.get();
            if (c.stream == in) {
                c.stream = null;
                c.loader = null;
            }
        }
    }

    static void userCodeStarts(final ObjectInputStream in) {
        Context c = CONTEXT.get();
        if (c.stream == in) {
            c.userCode++;
        }
    }

    static void userCodeEnds(final ObjectInputStream in) {
        Context c = CONTEXT.get();
        if (c.stream == in && c.userCode > 0) {
            c.userCode--;
        }
    }

    /**
     * {@code latestUserDefinedLoader()} as seen from {@code in}'s {@code readNonProxyDesc}: the walk's result kept
     * for the current top-level read where that is exact, else a walk.
     */
    static ClassLoader of(final ObjectInputStream in) throws Throwable {
        Context c = CONTEXT.get();
        if (c.stream != in || c.userCode != 0) {
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
