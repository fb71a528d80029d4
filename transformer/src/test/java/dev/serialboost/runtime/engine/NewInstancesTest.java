package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkUnsafe;
import dev.serialboost.transformer.engine.NewInstancesPatch;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.Externalizable;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.AbstractList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.UUID;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link NewInstances} against the descriptor's own {@code newInstance()}: for classes whose serialization
 * constructor runs no code (application classes, the JDK's {@code BigDecimal}, {@code ArrayList}, {@code HashMap} and
 * kin, a list extending {@code AbstractList}) it allocates, and the object is of the same class with the same value in
 * every field; a constructor that runs code (a non-serializable superclass's, an {@code Externalizable}'s public one)
 * is called once per object, as the JDK calls it; an object of a class with a finalizer is finalized; an abstract
 * class and a class whose initializer fails fail with the JDK's exceptions. And the runtime's list of constructors
 * that run no code is the one the patch fingerprints.
 */
class NewInstancesTest {

    private static MethodHandle jdkNewInstance;

    @BeforeAll
    static void setUp() throws ReflectiveOperationException {
        MethodHandles.Lookup osc = MethodHandles.privateLookupIn(ObjectStreamClass.class, MethodHandles.lookup());
        jdkNewInstance = osc.findVirtual(ObjectStreamClass.class, "newInstance", MethodType.methodType(Object.class));
    }

    static class Plain implements Serializable {
        int number = 5;
        String text = "set by the constructor, which deserialization does not run";
        long[] values = {1, 2};
    }

    static class PlainChild extends Plain {
        double more = 1.5;
    }

    /** Not serializable: its constructor is the serialization constructor of {@link Derived}. */
    static class Counting {
        static final AtomicInteger MADE = new AtomicInteger();
        int set;

        Counting() {
            MADE.incrementAndGet();
            set = 1;
        }
    }

    static class Derived extends Counting implements Serializable {
        int own = 7;
    }

    static class OwnList extends AbstractList<Object> implements Serializable {
        int size = 3;

        @Override
        public Object get(final int index) {
            return index;
        }

        @Override
        public int size() {
            return size;
        }
    }

    static class Outside implements Externalizable {
        static final AtomicInteger MADE = new AtomicInteger();

        public Outside() {
            MADE.incrementAndGet();
        }

        @Override
        public void writeExternal(final ObjectOutput out) {
        }

        @Override
        public void readExternal(final ObjectInput in) {
        }
    }

    static class Finalizable implements Serializable {
        static final AtomicInteger FINALIZED = new AtomicInteger();

        @Override
        @Deprecated
        @SuppressWarnings({"deprecation", "removal"})
        protected void finalize() {
            if (getClass() == Finalized.class) {
                FINALIZED.incrementAndGet();
            }
        }
    }

    /** Made only by {@link #anObjectWithAFinalizerIsFinalized}, which counts its finalizations. */
    static class Finalized extends Finalizable {
    }

    static class FinalizableChild extends Finalizable {
        int own;
    }

    abstract static class Abstract implements Serializable {
    }

    static class FailingInitializerOfTheJdk implements Serializable {
        static final int VALUE = Integer.parseInt("not a number");
    }

    static class FailingInitializerHere implements Serializable {
        static final int VALUE = Integer.parseInt("not a number");
    }

    /** Each class, and whether its objects are allocated without the constructor. */
    private static final Map<Class<?>, Boolean> CLASSES = orderedMap(
            Plain.class, true, PlainChild.class, true, OwnList.class, true, BigDecimal.class, true,
            BigInteger.class, true, Date.class, true, UUID.class, true, ArrayList.class, true, LinkedList.class, true,
            Vector.class, true, HashMap.class, true, LinkedHashMap.class, true, TreeMap.class, true, HashSet.class, true,
            ArrayDeque.class, true, PriorityQueue.class, true,
            Derived.class, false, Outside.class, false, Finalizable.class, false, FinalizableChild.class, false);

    @Test
    void theObjectIsTheOneTheDescriptorMakes() throws Throwable {
        for (Map.Entry<Class<?>, Boolean> entry : CLASSES.entrySet()) {
            Class<?> type = entry.getKey();
            ObjectStreamClass desc = ObjectStreamClass.lookup(type);
            assertSame(entry.getValue() ? type : null, NewInstances.allocated(desc),
                    type + ": allocated without its constructor");
            Object jdk = (Object) jdkNewInstance.invokeExact(desc);
            Object here = NewInstances.newInstance(desc);
            assertSame(type, here.getClass());
            assertSame(jdk.getClass(), here.getClass());
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers())) {
                        assertEquals(value(jdk, f), value(here, f), type.getName() + ": " + f);
                    }
                }
            }
        }
    }

    @Test
    void aConstructorThatRunsCodeIsCalledOncePerObject() throws Throwable {
        int derived = Counting.MADE.get();
        Derived d = (Derived) NewInstances.newInstance(ObjectStreamClass.lookup(Derived.class));
        assertEquals(derived + 1, Counting.MADE.get());
        assertEquals(1, d.set);
        assertEquals(0, d.own);
        int outside = Outside.MADE.get();
        assertNotNull(NewInstances.newInstance(ObjectStreamClass.lookup(Outside.class)));
        assertEquals(outside + 1, Outside.MADE.get());
    }

    /** Allocated without {@code Object()}, the objects would never be finalized. */
    @Test
    @SuppressWarnings({"deprecation", "removal"})
    void anObjectWithAFinalizerIsFinalized() throws Throwable {
        int before = Finalizable.FINALIZED.get();
        ObjectStreamClass desc = ObjectStreamClass.lookup(Finalized.class);
        assertSame(null, NewInstances.allocated(desc));
        for (int i = 0; i < 20; i++) {
            assertSame(Finalized.class, NewInstances.newInstance(desc).getClass());
        }
        long end = System.nanoTime() + 20_000_000_000L;
        while (Finalizable.FINALIZED.get() < before + 20 && System.nanoTime() < end) {
            System.gc();
            System.runFinalization();
        }
        assertEquals(before + 20, Finalizable.FINALIZED.get());
    }

    @Test
    void anAbstractClassFailsAsInTheJdk() throws Throwable {
        ObjectStreamClass desc = ObjectStreamClass.lookup(Abstract.class);
        assertSame(null, NewInstances.allocated(desc));
        Throwable jdk = assertThrows(Throwable.class, () -> {
            Object unused = (Object) jdkNewInstance.invokeExact(desc);
        });
        Throwable here = assertThrows(Throwable.class, () -> NewInstances.newInstance(desc));
        assertSameFailure(jdk, here, null);
    }

    @Test
    void aClassWhoseInitializerFailsFailsAsInTheJdk() throws Throwable {
        ObjectStreamClass jdkDesc = ObjectStreamClass.lookup(FailingInitializerOfTheJdk.class);
        ObjectStreamClass desc = ObjectStreamClass.lookup(FailingInitializerHere.class);
        assertSame(FailingInitializerHere.class, NewInstances.allocated(desc));
        for (int attempt = 0; attempt < 2; attempt++) { // the initializer's error, then "Could not initialize class"
            Throwable jdk = assertThrows(Throwable.class, () -> {
                Object unused = (Object) jdkNewInstance.invokeExact(jdkDesc);
            });
            Throwable here = assertThrows(Throwable.class, () -> NewInstances.newInstance(desc));
            assertSameFailure(jdk, here, FailingInitializerOfTheJdk.class.getName());
        }
    }

    @Test
    void theConstructorsThatRunNoCodeAreObjectsAndThoseThePatchFingerprints() throws ClassNotFoundException {
        assertTrue(NewInstances.runsNoCode(Object.class));
        for (String name : NewInstancesPatch.EMPTY_CONSTRUCTORS) {
            assertTrue(NewInstances.runsNoCode(Class.forName(name.replace('/', '.'))), name);
        }
        // constructors as empty, which the patch does not fingerprint
        for (Class<?> c : List.of(Number.class, java.util.Dictionary.class, Counting.class, Thread.class)) {
            assertFalse(NewInstances.runsNoCode(c), c.getName());
        }
    }

    /** The same exception types and messages down the causes (the messages with {@code jdkName} as this class's). */
    private static void assertSameFailure(final Throwable jdk, final Throwable here, final String jdkName) {
        Throwable a = jdk;
        Throwable b = here;
        while (a != null || b != null) {
            assertNotNull(a, "a cause the JDK has not: " + b);
            assertNotNull(b, "a cause missing: " + a);
            assertSame(a.getClass(), b.getClass(), "thrown: " + here);
            String expected = a.getMessage();
            if (expected != null && jdkName != null) {
                expected = expected.replace(jdkName, FailingInitializerHere.class.getName());
            }
            assertEquals(expected, b.getMessage());
            a = a.getCause();
            b = b.getCause();
        }
    }

    /**
     * The value of field {@code f} of {@code o}, boxed, read without access checks (the runtime's {@code Unsafe}
     * handles; a primitive as its bits).
     */
    private static Object value(final Object o, final Field f) throws Throwable {
        long offset = JdkUnsafe.objectFieldOffset(f.getDeclaringClass(), f.getName());
        Class<?> t = f.getType();
        if (!t.isPrimitive()) {
            return (Object) JdkUnsafe.ObjectFields.GET_REFERENCE.invokeExact(o, offset);
        }
        if (t == long.class || t == double.class) {
            return (long) JdkUnsafe.PrimitiveFields.GET_LONG.invokeExact(o, offset);
        }
        if (t == int.class || t == float.class) {
            return (int) JdkUnsafe.PrimitiveFields.GET_INT.invokeExact(o, offset);
        }
        if (t == char.class || t == short.class) {
            return (short) JdkUnsafe.PrimitiveFields.GET_SHORT.invokeExact(o, offset);
        }
        return (byte) JdkUnsafe.PrimitiveFields.GET_BYTE.invokeExact(o, offset);
    }

    private static Map<Class<?>, Boolean> orderedMap(final Object... pairs) {
        Map<Class<?>, Boolean> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((Class<?>) pairs[i], (Boolean) pairs[i + 1]);
        }
        return map;
    }
}
