package dev.serialboost.testing;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Compares two object graphs that may live in different class loaders: classes are matched by name,
 * every instance field of every class level is compared (transient, private, synthetic and those of
 * non-serializable superclasses included), floating-point values bit for bit, and the identity
 * structure must match: an object shared or cyclic in one graph is shared or cyclic at the same
 * places in the other.
 *
 * <p>JDK collections are compared by size and iteration order, other JDK types with {@code equals}.
 */
public final class GraphAssert {

    private final Map<Object, Object> forward = new IdentityHashMap<>();
    private final Map<Object, Object> backward = new IdentityHashMap<>();
    private final List<String> differences = new ArrayList<>();

    private GraphAssert() {
    }

    /** Fails with every difference found, each with the field path that leads to it. */
    public static void assertSameGraph(final Object expected, final Object actual) {
        GraphAssert graphs = new GraphAssert();
        graphs.compare("root", expected, actual);
        if (!graphs.differences.isEmpty()) {
            throw new AssertionError("object graphs differ:\n  " + String.join("\n  ", graphs.differences));
        }
    }

    /** Fails when a static, non-constant field of the two same-named classes holds different values. */
    public static void assertSameStatics(final Class<?> expected, final Class<?> actual) {
        GraphAssert graphs = new GraphAssert();
        for (Field f : expected.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && !Modifier.isFinal(f.getModifiers())) {
                try {
                    Field g = actual.getDeclaredField(f.getName());
                    graphs.compare(expected.getName() + "." + f.getName(), read(f, null), read(g, null));
                } catch (NoSuchFieldException e) {
                    graphs.differences.add(expected.getName() + "." + f.getName() + ": missing in " + actual);
                }
            }
        }
        if (!graphs.differences.isEmpty()) {
            throw new AssertionError("static state differs:\n  " + String.join("\n  ", graphs.differences));
        }
    }

    private void compare(final String path, final Object e, final Object a) {
        if (e == null || a == null) {
            if (e != a) {
                differ(path, e, a);
            }
            return;
        }
        Class<?> ec = e.getClass();
        Class<?> ac = a.getClass();
        if (!ec.getName().equals(ac.getName())) {
            differences.add(path + ": class " + ec.getName() + " expected but was " + ac.getName());
            return;
        }
        if (!track(path, e, a)) {
            return;
        }
        if (ec.isArray()) {
            compareArrays(path, e, a);
        } else if (e instanceof Double || e instanceof Float) {
            compareFloatingPoint(path, e, a);
        } else if (ec.isEnum() || (ec.getSuperclass() != null && ec.getSuperclass().isEnum())) {
            if (!((Enum<?>) e).name().equals(((Enum<?>) a).name())) {
                differ(path, e, a);
            }
        } else if (isJdk(ec)) {
            compareJdk(path, e, a);
        } else {
            compareFields(path, e, a);
        }
    }

    /** Records the pairing; returns false when the pair was seen before (already compared). */
    private boolean track(final String path, final Object e, final Object a) {
        Object pairedWithE = forward.get(e);
        Object pairedWithA = backward.get(a);
        if (pairedWithE == null && pairedWithA == null) {
            forward.put(e, a);
            backward.put(a, e);
            return true;
        }
        if (pairedWithE != a || pairedWithA != e) {
            differences.add(path + ": sharing differs (an object is shared or cyclic in one graph only)");
        }
        return false;
    }

    private void compareArrays(final String path, final Object e, final Object a) {
        int n = Array.getLength(e);
        if (n != Array.getLength(a)) {
            differences.add(path + ": array length " + n + " expected but was " + Array.getLength(a));
            return;
        }
        boolean primitive = e.getClass().getComponentType().isPrimitive();
        for (int i = 0; i < n; i++) {
            Object ev = Array.get(e, i);
            Object av = Array.get(a, i);
            if (primitive) {
                comparePrimitive(path + "[" + i + "]", ev, av);
            } else {
                compare(path + "[" + i + "]", ev, av);
            }
        }
    }

    private void comparePrimitive(final String path, final Object e, final Object a) {
        if (e instanceof Double || e instanceof Float) {
            compareFloatingPoint(path, e, a);
        } else if (!e.equals(a)) {
            differ(path, e, a);
        }
    }

    private void compareFloatingPoint(final String path, final Object e, final Object a) {
        long eb = e instanceof Double d ? Double.doubleToRawLongBits(d) : Float.floatToRawIntBits((Float) e);
        long ab = a instanceof Double d ? Double.doubleToRawLongBits(d) : Float.floatToRawIntBits((Float) a);
        if (eb != ab) {
            differ(path, e, a);
        }
    }

    private void compareJdk(final String path, final Object e, final Object a) {
        if (e instanceof Map<?, ?> em && a instanceof Map<?, ?> am) {
            compareIterables(path, em.entrySet(), am.entrySet(), true);
        } else if (e instanceof Collection<?> ec && a instanceof Collection<?> ac) {
            compareIterables(path, ec, ac, false);
        } else if (!e.equals(a)) {
            differ(path, e, a);
        }
    }

    private void compareIterables(final String path, final Collection<?> e, final Collection<?> a,
                                  final boolean entries) {
        if (e.size() != a.size()) {
            differences.add(path + ": size " + e.size() + " expected but was " + a.size());
            return;
        }
        Iterator<?> ei = e.iterator();
        Iterator<?> ai = a.iterator();
        for (int i = 0; ei.hasNext(); i++) {
            Object ev = ei.next();
            Object av = ai.next();
            if (entries) {
                Map.Entry<?, ?> ee = (Map.Entry<?, ?>) ev;
                Map.Entry<?, ?> ae = (Map.Entry<?, ?>) av;
                compare(path + "{key " + i + "}", ee.getKey(), ae.getKey());
                compare(path + "{" + ee.getKey() + "}", ee.getValue(), ae.getValue());
            } else {
                compare(path + "<" + i + ">", ev, av);
            }
        }
    }

    private void compareFields(final String path, final Object e, final Object a) {
        for (Class<?> level = e.getClass(); level != null && !isJdk(level); level = level.getSuperclass()) {
            Class<?> other = sameLevel(a.getClass(), level.getName());
            for (Field f : level.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                Field g;
                try {
                    g = other.getDeclaredField(f.getName());
                } catch (NoSuchFieldException x) {
                    differences.add(path + "." + f.getName() + ": field missing in " + other.getName());
                    continue;
                }
                String fieldPath = path + "." + f.getName();
                Object ev = read(f, e);
                Object av = read(g, a);
                if (f.getType().isPrimitive()) {
                    comparePrimitive(fieldPath, ev, av);
                } else {
                    compare(fieldPath, ev, av);
                }
            }
        }
    }

    private static Class<?> sameLevel(final Class<?> start, final String name) {
        for (Class<?> c = start; c != null; c = c.getSuperclass()) {
            if (c.getName().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("class hierarchies differ: no " + name + " above " + start.getName());
    }

    private static Object read(final Field f, final Object target) {
        try {
            f.setAccessible(true);
            return f.get(target);
        } catch (IllegalAccessException x) {
            throw new AssertionError("cannot read " + f, x);
        }
    }

    private static boolean isJdk(final Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.");
    }

    private void differ(final String path, final Object e, final Object a) {
        differences.add(path + ": " + e + " expected but was " + a);
    }
}
