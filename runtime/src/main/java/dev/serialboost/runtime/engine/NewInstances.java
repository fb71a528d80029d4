package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkObjectStreamClass.Instantiation;
import dev.serialboost.runtime.jdk.JdkUnsafe;
import java.io.ObjectStreamClass;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.AbstractCollection;
import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.AbstractQueue;
import java.util.AbstractSequentialList;
import java.util.AbstractSet;

/**
 * The engine's creation of the objects a stream reads: what {@code ObjectInputStream.readOrdinaryObject} calls, once
 * patched ({@code dev.serialboost.transformer.engine.NewInstancesPatch}), where it called {@code desc.newInstance()}.
 * The JDK calls the class's serialization constructor by reflection, {@code Constructor.newInstance()} through the
 * constructor's accessor: an interface call that the JIT does not inline where a stream reads objects of many classes
 * (profiled, JDK 17, CustomerOrder 1,000 per stream: 8% of reading, the allocation itself under 2% of it). Where that
 * constructor runs no code but storing zeros ({@link #runsNoCode}: {@code Object()}, and the constructors of the JDK's
 * abstract collections that {@code ArrayList}, {@code HashMap} and their kin extend), the object is allocated with
 * {@code Unsafe.allocateInstance}, which the JIT compiles to an inline allocation: the same object, its fields zero,
 * its class initialized first as {@code new} initializes it, with the same errors when that fails.
 *
 * <p>Exact where it applies, and it applies only where the descriptor is initialized and its constructor is a copy of
 * one of those (as {@code ReflectionFactory.newConstructorForSerialization} makes it: the no-argument constructor of
 * the first superclass that is not serializable, with the class's accessor), and the class ({@link #PLAIN}) is
 * neither abstract nor an interface ({@code new} of one fails in the accessor with an {@code InstantiationError},
 * which the JDK turns into its own exception), and neither it nor a superclass declares {@code finalize()} ({@code
 * Object()} registers an object whose class has a finalizer; {@code allocateInstance} does not). Such a constructor
 * throws nothing and needs no protection domain to run under (JDK 17 and 21 run it under the class's when a Security
 * Manager is installed). Anything else makes the descriptor's own {@code newInstance()} call, which throws what the
 * JDK throws.
 *
 * <p>Kept per class ({@code ClassValue}): a {@code Boolean}, so nothing here keeps a class loader alive.
 */
final class NewInstances {

    /**
     * Whether an object of a class may be allocated without its serialization constructor when that constructor
     * {@link #runsNoCode}: the class is concrete, and no class from it up to {@code Object} declares {@code finalize()}.
     * Found by the same reflection as the descriptor's own look-ups of {@code writeReplace} and {@code readResolve}
     * (each class's declared methods, which those look-ups loaded already); a class whose methods cannot be listed
     * keeps the JDK's call.
     */
    private static final ClassValue<Boolean> PLAIN = new ClassValue<>() {
        @Override
        protected Boolean computeValue(final Class<?> type) {
            if ((type.getModifiers() & (Modifier.ABSTRACT | Modifier.INTERFACE)) != 0 || type.isArray()
                    || type.isPrimitive()) {
                return false;
            }
            try {
                for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                    if (declaresFinalize(c)) {
                        return false;
                    }
                }
                return true;
            } catch (LinkageError | RuntimeException e) {
                return false;
            }
        }
    };

    /** The members this needs, checked at the first call. */
    private static final class Members {
        static final boolean REACHABLE;

        static {
            if (Instantiation.NEW_INSTANCE == null) {
                // the patch is applied only where the descriptor's method is known, with java.io open to the runtime
                throw new IllegalStateException("a java.io member the patched JDK code needs cannot be reached",
                        Instantiation.PROBLEM);
            }
            REACHABLE = Instantiation.PROBLEM == null;
        }

        private Members() {
        }
    }

    private NewInstances() {
    }

    /** Stands for {@code desc.newInstance()} in {@code ObjectInputStream.readOrdinaryObject}. */
    static Object newInstance(final ObjectStreamClass desc) throws Throwable {
        Class<?> type = allocated(desc);
        return type != null ? (Object) JdkUnsafe.ObjectFields.ALLOCATE_INSTANCE.invokeExact(type)
                : (Object) Instantiation.NEW_INSTANCE.invokeExact(desc);
    }

    /**
     * The class {@link #newInstance} allocates an object of for {@code desc} without calling its constructor, or null
     * when the descriptor's own {@code newInstance()} is to make the object.
     */
    static Class<?> allocated(final ObjectStreamClass desc) throws Throwable {
        if (!Members.REACHABLE || desc == null) {
            return null;
        }
        Constructor<?> cons = (Constructor<?>) Instantiation.CONS.invokeExact(desc);
        if (cons == null || !runsNoCode(cons.getDeclaringClass())
                || !(boolean) Instantiation.INITIALIZED.invokeExact(desc)) {
            return null;
        }
        Class<?> type = (Class<?>) Instantiation.CL.invokeExact(desc);
        return type != null && PLAIN.get(type) ? type : null;
    }

    /**
     * Whether the no-argument constructor of {@code declaring} runs no code but storing zeros: {@code Object()}, and
     * the constructors of the JDK's abstract collections that the patch checks by fingerprint ({@code
     * NewInstancesPatch.EMPTY_CONSTRUCTORS}: they call their superclass's, and {@code AbstractList()} sets {@code
     * modCount} to 0).
     */
    static boolean runsNoCode(final Class<?> declaring) {
        return declaring == Object.class || declaring == AbstractList.class || declaring == AbstractMap.class
                || declaring == AbstractSet.class || declaring == AbstractCollection.class
                || declaring == AbstractSequentialList.class || declaring == AbstractQueue.class;
    }

    /** Whether {@code c} itself declares an instance or static {@code finalize()} of any return type. */
    private static boolean declaresFinalize(final Class<?> c) {
        for (Method m : c.getDeclaredMethods()) {
            if (m.getName().equals("finalize") && m.getParameterCount() == 0) {
                return true;
            }
        }
        return false;
    }
}
