package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkObjectStreamClass.CustomMethods;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;

/**
 * The engine's calls of a class's own {@code writeObject} and {@code readObject}: what {@code
 * ObjectOutputStream.writeSerialData} and {@code ObjectInputStream.readSerialData} call, once patched ({@code
 * dev.serialboost.transformer.engine.CustomCallsPatch}), where they called {@code slotDesc.invokeWriteObject(obj,
 * this)} and {@code slotDesc.invokeReadObject(obj, this)} (on JDK 21 and 25). The JDK calls the method by
 * reflection ({@code Method.invoke} with a new {@code Object[] {stream}}; the JDK's own {@code ArrayList}, {@code
 * HashMap}, {@code BigDecimal} each make one or more such calls per object); here a method handle, made once per
 * class from the descriptor's own accessible {@code Method}, is called with the object and the stream, in fewer
 * frames and less stack.
 *
 * <p>Exact: the same method (a descriptor's is its class's private {@code void writeObject(ObjectOutputStream)} or
 * {@code void readObject(ObjectInputStream)}, which a class declares at most once) with the same arguments, and the
 * same exceptions as the JDK's {@code invokeWriteObject}/{@code invokeReadObject}: an {@code IOException} (on reading,
 * also a {@code ClassNotFoundException}), an unchecked exception or an error the method throws is thrown as it is;
 * any other throwable becomes an {@code IOException("unexpected exception type")} with it as the cause. A descriptor
 * without the method, or not initialized, makes the JDK's own call, which throws what the JDK throws; so does a
 * method no handle can be made for.
 *
 * <p>Kept per class ({@code ClassValue}): a handle references its class's method only, and lives as long as the
 * class, so nothing here keeps a class loader alive.
 */
final class CustomCalls {

    private static final MethodType WRITE = MethodType.methodType(void.class, Object.class, ObjectOutputStream.class);
    private static final MethodType READ = MethodType.methodType(void.class, Object.class, ObjectInputStream.class);
    /** A class's method no handle could be made for: the descriptor's own call makes it. */
    private static final MethodHandle NONE = MethodHandles.empty(WRITE);

    /** One class's handles, each made at its first call. */
    private static final class Calls {
        volatile MethodHandle writeObject;
        volatile MethodHandle readObject;
    }

    private static final ClassValue<Calls> BY_CLASS = new ClassValue<>() {
        @Override
        protected Calls computeValue(final Class<?> type) {
            return new Calls();
        }
    };

    static {
        if (CustomMethods.PROBLEM != null) {
            // the patch is applied only where these members are (its fingerprint), with java.io open to the runtime
            throw new IllegalStateException("a java.io member the patched JDK code needs cannot be reached",
                    CustomMethods.PROBLEM);
        }
    }

    private CustomCalls() {
    }

    /** Stands for {@code slotDesc.invokeWriteObject(obj, this)} in {@code ObjectOutputStream.writeSerialData}. */
    static void invokeWriteObject(final ObjectStreamClass desc, final Object obj, final ObjectOutputStream out)
            throws Throwable {
        Method method = (Method) CustomMethods.WRITE_OBJECT_METHOD.invokeExact(desc);
        MethodHandle call = method == null || !(boolean) CustomMethods.INITIALIZED.invokeExact(desc) ? NONE
                : writeCall(method);
        if (call == NONE) {
            CustomMethods.INVOKE_WRITE_OBJECT.invokeExact(desc, obj, out);
            return;
        }
        try {
            call.invokeExact(obj, out);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /** Stands for {@code slotDesc.invokeReadObject(obj, this)} in {@code ObjectInputStream.readSerialData}. */
    static void invokeReadObject(final ObjectStreamClass desc, final Object obj, final ObjectInputStream in)
            throws Throwable {
        Method method = (Method) CustomMethods.READ_OBJECT_METHOD.invokeExact(desc);
        MethodHandle call = method == null || !(boolean) CustomMethods.INITIALIZED.invokeExact(desc) ? NONE
                : readCall(method);
        if (call == NONE) {
            CustomMethods.INVOKE_READ_OBJECT.invokeExact(desc, obj, in);
            return;
        }
        try {
            call.invokeExact(obj, in);
        } catch (ClassNotFoundException | IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    private static MethodHandle writeCall(final Method method) {
        Calls calls = BY_CLASS.get(method.getDeclaringClass());
        MethodHandle call = calls.writeObject;
        if (call == null) {
            call = handle(method, WRITE);
            calls.writeObject = call;
        }
        return call;
    }

    private static MethodHandle readCall(final Method method) {
        Calls calls = BY_CLASS.get(method.getDeclaringClass());
        MethodHandle call = calls.readObject;
        if (call == null) {
            call = handle(method, READ);
            calls.readObject = call;
        }
        return call;
    }

    /** {@code method} (accessible: the descriptor made it so) as a handle of {@code type}, or {@link #NONE}. */
    private static MethodHandle handle(final Method method, final MethodType type) {
        try {
            return MethodHandles.lookup().unreflect(method).asType(type);
        } catch (IllegalAccessException | RuntimeException e) {
            return NONE;
        }
    }

    /** What the JDK's {@code ObjectStreamClass.throwMiscException} makes of a checked throwable it does not rethrow. */
    private static IOException unexpected(final Throwable t) {
        return new IOException("unexpected exception type", t);
    }
}
