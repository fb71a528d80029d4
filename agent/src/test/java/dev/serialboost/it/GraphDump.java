package dev.serialboost.it;

import dev.serialboost.testing.Converted;

import java.io.Externalizable;
import java.io.ObjectStreamClass;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A canonical text dump of an object graph, deterministic across JVM runs, so that the outputs of two runs
 * (with and without the agent) can be compared line by line.
 *
 * <ul>
 *   <li>Every object gets a number {@code #n} at its first visit (breadth first from the root) and is described
 *       once; references print as {@code #n}, so sharing and cycles show as repeated numbers.</li>
 *   <li>Application objects: every instance field of every class level (private, transient, and those of
 *       non-serializable superclasses included), sorted by name per level; synthetic fields are left out (the
 *       agent may add its own). Static non-final fields of every class met are listed too.</li>
 *   <li>Floating-point values as raw bits; strings escaped to ASCII; enums by name; JDK collections and maps
 *       by size and iteration order; other JDK values by {@code toString}.</li>
 *   <li>Each application class level met is listed with its serialVersionUID, whether it is
 *       {@link Externalizable} (never changed by the agent) and whether serialboost converted it (the only part
 *       expected to change under the agent, see {@link #kind}).</li>
 * </ul>
 */
public final class GraphDump {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private final IdentityHashMap<Object, Integer> ids = new IdentityHashMap<>();
    private final ArrayDeque<Object> pending = new ArrayDeque<>();
    private final Set<Class<?>> classes = new LinkedHashSet<>();
    private final Set<Class<?>> staticsDone = new LinkedHashSet<>();
    private final List<String> lines = new ArrayList<>();

    /** The graph lines of {@code root}: objects, then statics. */
    public List<String> graph(final Object root) {
        lines.add("root: " + ref(root));
        drain();
        boolean more = true;
        while (more) {
            more = false;
            for (Class<?> c : List.copyOf(classes)) {
                if (staticsDone.add(c)) {
                    statics(c);
                    drain();
                    more = true;
                }
            }
        }
        return List.copyOf(lines);
    }

    /** One line per application class level met by {@link #graph}: name, serialVersionUID, {@link #kind}. */
    public List<String> classLines() {
        List<String> out = new ArrayList<>();
        for (Class<?> c : classes) {
            out.add(classLine(c));
        }
        return out;
    }

    /**
     * {@code class NAME uid=UID externalizable=BOOL converted=BOOL}; uid is {@code -} for a class that is not
     * serializable.
     */
    public static String classLine(final Class<?> c) {
        ObjectStreamClass desc = ObjectStreamClass.lookup(c);
        return "class " + typeName(c) + " uid=" + (desc == null ? "-" : String.valueOf(desc.getSerialVersionUID()))
                + " " + kind(c);
    }

    /**
     * {@code externalizable=BOOL converted=BOOL}: whether the program sees {@code c} as {@link Externalizable} (a
     * converted class stays what it was, so this never changes under the agent), and whether serialboost converted
     * it (it carries the synthetic bodies, {@link Converted#hasBodies}).
     */
    public static String kind(final Class<?> c) {
        return "externalizable=" + Externalizable.class.isAssignableFrom(c) + " converted=" + Converted.hasBodies(c);
    }

    private void drain() {
        while (!pending.isEmpty()) {
            Object o = pending.poll();
            describe(o);
        }
    }

    private String ref(final Object o) {
        if (o == null) {
            return "null";
        }
        Integer id = ids.get(o);
        if (id == null) {
            id = ids.size() + 1;
            ids.put(o, id);
            pending.add(o);
        }
        return "#" + id;
    }

    private void describe(final Object o) {
        Class<?> c = o.getClass();
        String head = "#" + ids.get(o) + " ";
        if (o instanceof String s) {
            lines.add(head + "String \"" + escape(s) + "\"");
        } else if (o instanceof Double d) {
            lines.add(head + "Double bits=0x" + Long.toHexString(Double.doubleToRawLongBits(d)));
        } else if (o instanceof Float f) {
            lines.add(head + "Float bits=0x" + Integer.toHexString(Float.floatToRawIntBits(f)));
        } else if (o instanceof Character ch) {
            lines.add(head + "Character '" + escape(String.valueOf(ch)) + "'");
        } else if ((o instanceof Number || o instanceof Boolean) && isJdk(c)) {
            lines.add(head + c.getSimpleName() + " " + o);
        } else if (o instanceof Enum<?> e) {
            lines.add(head + "enum " + typeName(e.getDeclaringClass()) + "." + e.name());
            noteClass(e.getDeclaringClass());
        } else if (o instanceof Class<?> k) {
            lines.add(head + "Class " + typeName(k));
        } else if (c.isArray()) {
            array(head, o);
        } else if (isJdk(c)) {
            lines.add(head + typeName(c) + jdkContent(o));
        } else {
            lines.add(head + typeName(c));
            Class<?> level = c;
            for (; level != null && !isJdk(level); level = level.getSuperclass()) {
                noteClass(level);
                for (Field f : instanceFields(level)) {
                    lines.add("  " + typeName(level) + "." + f.getName() + ": " + value(f, o));
                }
            }
            // the state of a JDK superclass is private to the JDK: show what its public view offers
            if (o instanceof Map<?, ?> || o instanceof Collection<?> || o instanceof Throwable) {
                lines.add("  (" + typeName(level) + " part)" + jdkContent(o));
            }
        }
    }

    private void array(final String head, final Object array) {
        int n = Array.getLength(array);
        Class<?> component = array.getClass().getComponentType();
        StringBuilder line = new StringBuilder(head).append(typeName(component)).append('[').append(n).append("] [");
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                line.append(", ");
            }
            Object element = Array.get(array, i);
            line.append(component.isPrimitive() ? primitive(element) : ref(element));
        }
        lines.add(line.append(']').toString());
        for (Class<?> c = component; c != null && !c.isPrimitive(); c = c.getComponentType()) {
            if (!c.isArray() && !isJdk(c)) {
                noteClass(c);
            }
        }
    }

    /** Content of a JDK object (or the JDK part of an application object) by iteration or toString. */
    private String jdkContent(final Object o) {
        if (o instanceof Map<?, ?> map) {
            StringBuilder s = new StringBuilder(" size=").append(map.size()).append(" {");
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                s.append(first ? "" : ", ").append(ref(e.getKey())).append(" -> ").append(ref(e.getValue()));
                first = false;
            }
            return s.append('}').toString();
        }
        if (o instanceof Collection<?> collection) {
            StringBuilder s = new StringBuilder(" size=").append(collection.size()).append(" [");
            boolean first = true;
            for (Object e : collection) {
                s.append(first ? "" : ", ").append(ref(e));
                first = false;
            }
            return s.append(']').toString();
        }
        if (o instanceof Throwable t) {
            return " message=" + ref(t.getMessage()) + " cause=" + (t.getCause() == t ? "self" : ref(t.getCause()))
                    + " suppressed=" + t.getSuppressed().length;
        }
        try {
            if (o.getClass().getMethod("toString").getDeclaringClass() == Object.class) {
                return ""; // Object.toString shows an identity hash code, which differs between runs
            }
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
        return " toString=\"" + escape(String.valueOf(o)) + "\"";
    }

    private void statics(final Class<?> c) {
        for (Field f : c.getDeclaredFields()) {
            int m = f.getModifiers();
            if (Modifier.isStatic(m) && !Modifier.isFinal(m) && !f.isSynthetic()) {
                lines.add("static " + typeName(c) + "." + f.getName() + ": " + value(f, null));
            }
        }
    }

    private String value(final Field f, final Object target) {
        Object v;
        try {
            f.setAccessible(true);
            v = f.get(target);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "<unreadable: " + e + ">";
        }
        return f.getType().isPrimitive() ? primitive(v) : ref(v);
    }

    private static List<Field> instanceFields(final Class<?> level) {
        List<Field> fields = new ArrayList<>();
        for (Field f : level.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                fields.add(f);
            }
        }
        fields.sort(Comparator.comparing(Field::getName));
        return fields;
    }

    private static String primitive(final Object v) {
        if (v instanceof Double d) {
            return "0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + "d";
        }
        if (v instanceof Float f) {
            return "0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + "f";
        }
        if (v instanceof Character c) {
            return "'" + escape(String.valueOf(c)) + "'";
        }
        return String.valueOf(v);
    }

    private void noteClass(final Class<?> c) {
        classes.add(c);
    }

    /** Class names, with the run-dependent suffix of hidden classes (lambdas) and proxies removed. */
    static String typeName(final Class<?> c) {
        if (c.isArray()) {
            return typeName(c.getComponentType()) + "[]";
        }
        if (Proxy.isProxyClass(c)) {
            List<String> interfaces = new ArrayList<>();
            for (Class<?> i : c.getInterfaces()) {
                interfaces.add(i.getName());
            }
            return "proxy" + interfaces;
        }
        String name = c.getName();
        if (c.isHidden()) {
            int lambda = name.indexOf("$$Lambda");
            return (lambda >= 0 ? name.substring(0, lambda) + "$$Lambda" : name.substring(0, name.indexOf('/')))
                    + "<hidden>";
        }
        return name;
    }

    static boolean isJdk(final Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.")
                || n.startsWith("com.sun.");
    }

    /** ASCII only: quotes, backslashes, control and non-ASCII characters as {@code \\uXXXX}. */
    public static String escape(final String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x7f && c != '\\' && c != '"') {
                out.append(c);
            } else {
                // what String.format("\\u%04x", c) gives, without its cost on long non-ASCII texts
                out.append("\\u").append(HEX[c >>> 12]).append(HEX[c >>> 8 & 0xf]).append(HEX[c >>> 4 & 0xf])
                        .append(HEX[c & 0xf]);
            }
        }
        return out.toString();
    }
}
