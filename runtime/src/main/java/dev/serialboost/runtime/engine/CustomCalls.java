package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkObjectStreamClass.CustomMethods;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The engine's calls of a class's own {@code writeObject} and {@code readObject}: what {@code
 * ObjectOutputStream.writeSerialData} and {@code ObjectInputStream.readSerialData} call, once patched ({@code
 * dev.serialboost.transformer.engine.CustomCallsPatch}), where they called {@code slotDesc.invokeWriteObject(obj,
 * this)} and {@code slotDesc.invokeReadObject(obj, this)}. The JDK calls the method by reflection: {@code
 * Method.invoke} with a new {@code Object[] {stream}}, through an accessor (four frames, and on JDK 17 the array on
 * the heap every time). The JDK's own classes that a business graph is made of ({@code ArrayList}, {@code HashMap},
 * {@code BigDecimal}, {@code Date}...) each make one or more such calls per object; for a class of {@code java.base}
 * this calls the method directly instead, through a {@code BiConsumer} generated for it ({@link #generator}) and
 * defined as a hidden nestmate of the class, which may call its private method: one frame, no array. For any other
 * class it makes the JDK's own reflective call, {@code method.invoke(obj, stream)}, in a frame of the size of the
 * descriptor's: a class of another module cannot be given a nestmate from here, and a call through a method handle
 * took more stack than 17's reflection (a chain of such objects would overflow sooner than without the agent).
 *
 * <p>Exact: the same method (a descriptor's is its class's private {@code void writeObject(ObjectOutputStream)} or
 * {@code void readObject(ObjectInputStream)}, which a class declares at most once) with the same arguments, and the
 * same exceptions as the JDK's {@code invokeWriteObject}/{@code invokeReadObject}: an {@code IOException} (on reading,
 * also a {@code ClassNotFoundException}), an unchecked exception or an error the method throws is thrown as it is;
 * any other throwable becomes an {@code IOException("unexpected exception type")} with it as the cause. A descriptor
 * without the method, or not initialized, makes the JDK's own call, which throws what the JDK throws.
 *
 * <p>A closed reader's {@code readObject} (one the generator recognises by its fingerprint: {@code ArrayList}'s,
 * {@code BigDecimal}'s...) is bracketed by {@link CallerLoader#closedReadStarts} and {@link
 * CallerLoader#closedReadEnds}, so that its reads keep the class loader found for the top-level read.
 *
 * <p>Kept per class ({@code ClassValue}); only classes of {@code java.base}, which never unload, get a generated
 * call, so nothing here keeps a class loader alive.
 */
final class CustomCalls {

    /**
     * Makes the class file of a direct call from {@code {name, target, method, stream}} (internal names), or null;
     * set by the agent when it installs the runtime (it has the class-file writer), null when nothing is to be
     * generated. Package-private: installed in {@code java.io}, nothing but the agent's installer can set it.
     */
    static volatile Function<Object[], byte[]> generator;

    /** A class's method no direct call is made for: the JDK's reflective call makes it. */
    private static final Object REFLECTIVE = new Object();

    /**
     * The direct call of a class's {@code readObject} that is one of the closed readers (the transformer's {@code
     * ClosedReaders}): while it runs, {@link CallerLoader} knows that no frame of class code is pushed above it.
     */
    private static final class Closed {
        final BiConsumer<Object, Object> call;
        /** Only the method's first read from its stream is its own. */
        final boolean firstOnly;

        Closed(final BiConsumer<Object, Object> call, final boolean firstOnly) {
            this.call = call;
            this.firstOnly = firstOnly;
        }
    }

    /** One class's calls, each made at its first use: a {@code BiConsumer}, a {@link Closed}, or {@link #REFLECTIVE}. */
    private static final class Calls {
        volatile Object writeObject;
        volatile Object readObject;
    }

    private static final ClassValue<Calls> BY_CLASS = new ClassValue<>() {
        @Override
        protected Calls computeValue(final Class<?> type) {
            return new Calls();
        }
    };

    /** The descriptor's members, checked at the first call (not when the agent sets {@link #generator}). */
    private static final class Members {
        static final boolean REACHABLE;

        static {
            if (CustomMethods.PROBLEM != null) {
                // the patch is applied only where they are (its fingerprint), with java.io open to the runtime
                throw new IllegalStateException("a java.io member the patched JDK code needs cannot be reached",
                        CustomMethods.PROBLEM);
            }
            REACHABLE = true;
        }

        private Members() {
        }
    }

    private CustomCalls() {
    }

    /**
     * Stands for {@code slotDesc.invokeWriteObject(obj, this)} in {@code ObjectOutputStream.writeSerialData}. In the
     * recursion of a deep graph: its frame holds no more than the descriptor's method's.
     */
    @SuppressWarnings("unchecked")
    static void invokeWriteObject(final ObjectStreamClass desc, final Object obj, final ObjectOutputStream out)
            throws Throwable {
        Object call = call(desc, (Method) CustomMethods.WRITE_OBJECT_METHOD.invokeExact(desc), true);
        if (call instanceof Method) {
            try {
                ((Method) call).invoke(obj, out);
            } catch (InvocationTargetException e) {
                throw misc(e.getCause(), false);
            } catch (IllegalAccessException e) {
                throw new InternalError(e); // as the descriptor's: the method is accessible
            }
        } else if (call != null) {
            try {
                ((BiConsumer<Object, Object>) call).accept(obj, out);
            } catch (Throwable t) {
                throw misc(t, false);
            }
        } else {
            CustomMethods.INVOKE_WRITE_OBJECT.invokeExact(desc, obj, out);
        }
    }

    /**
     * Stands for {@code slotDesc.invokeReadObject(obj, this)} in {@code ObjectInputStream.readSerialData}: {@link
     * #invokeWriteObject}'s code for the other stream, repeated rather than shared, as a shared method would be one
     * more frame in the recursion.
     */
    @SuppressWarnings("unchecked")
    static void invokeReadObject(final ObjectStreamClass desc, final Object obj, final ObjectInputStream in)
            throws Throwable {
        Object call = call(desc, (Method) CustomMethods.READ_OBJECT_METHOD.invokeExact(desc), false);
        if (call instanceof Method) {
            try {
                ((Method) call).invoke(obj, in);
            } catch (InvocationTargetException e) {
                throw misc(e.getCause(), true);
            } catch (IllegalAccessException e) {
                throw new InternalError(e); // as the descriptor's: the method is accessible
            }
        } else if (call instanceof Closed) {
            // no local of its own: this frame is in the recursion
            CallerLoader.closedReadStarts(in, ((Closed) call).firstOnly);
            try {
                ((Closed) call).call.accept(obj, in);
            } catch (Throwable t) {
                CallerLoader.closedReadEnds(in);
                throw misc(t, true);
            }
            CallerLoader.closedReadEnds(in);
        } else if (call != null) {
            try {
                ((BiConsumer<Object, Object>) call).accept(obj, in);
            } catch (Throwable t) {
                throw misc(t, true);
            }
        } else {
            CustomMethods.INVOKE_READ_OBJECT.invokeExact(desc, obj, in);
        }
    }

    /**
     * What the JDK's descriptor throws for a throwable of the class's method: itself when it is an {@code
     * IOException} (when reading, also a {@code ClassNotFoundException}), unchecked or an error, else an {@code
     * IOException("unexpected exception type")} with it as the cause ({@code throwMiscException}).
     */
    private static Throwable misc(final Throwable thrown, final boolean reading) {
        if (thrown instanceof IOException || thrown instanceof RuntimeException || thrown instanceof Error
                || reading && thrown instanceof ClassNotFoundException) {
            return thrown;
        }
        return new IOException("unexpected exception type", thrown);
    }

    /**
     * How to call {@code method}, the descriptor's: its direct call, the method itself (the JDK's reflective call),
     * or null when the descriptor must make its own call (no method, or not initialized: it then throws).
     */
    private static Object call(final ObjectStreamClass desc, final Method method, final boolean writing)
            throws Throwable {
        if (!Members.REACHABLE || method == null || !(boolean) CustomMethods.INITIALIZED.invokeExact(desc)) {
            return null;
        }
        Calls calls = BY_CLASS.get(method.getDeclaringClass());
        Object call = writing ? calls.writeObject : calls.readObject;
        if (call == null) {
            call = direct(method, writing ? ObjectOutputStream.class : ObjectInputStream.class);
            if (writing) {
                calls.writeObject = call;
            } else {
                calls.readObject = call;
            }
        }
        return call == REFLECTIVE ? method : call;
    }

    /**
     * A direct call of {@code method}, made for a class of {@code java.base} (a {@link Closed} one for a closed
     * reader's {@code readObject}); else {@link #REFLECTIVE}.
     */
    private static Object direct(final Method method, final Class<?> stream) {
        Class<?> type = method.getDeclaringClass();
        Function<Object[], byte[]> make = generator;
        if (make == null || type.getModule() != Object.class.getModule() || type.isHidden()) {
            return REFLECTIVE;
        }
        try {
            MethodHandles.Lookup owner = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
            String target = type.getName().replace('.', '/');
            // the generator answers in the fifth element whether the method is a closed reader
            Object[] args = {target + "$$SerialboostCall", target, method.getName(),
                stream.getName().replace('.', '/'), null};
            byte[] classFile = make.apply(args);
            if (classFile == null) {
                return REFLECTIVE;
            }
            MethodHandles.Lookup made = owner.defineHiddenClass(classFile, true,
                    MethodHandles.Lookup.ClassOption.NESTMATE);
            @SuppressWarnings("unchecked")
            BiConsumer<Object, Object> call = (BiConsumer<Object, Object>) (Object) made.findConstructor(
                    made.lookupClass(), MethodType.methodType(void.class)).invoke();
            return "all".equals(args[4]) || "first".equals(args[4]) ? new Closed(call, "first".equals(args[4]))
                    : call;
        } catch (Throwable t) {
            return REFLECTIVE; // a class that cannot have one keeps the JDK's call
        }
    }
}
