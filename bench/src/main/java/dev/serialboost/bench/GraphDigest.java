package dev.serialboost.bench;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Date;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A canonical text of an object graph, for comparing what a benchmark read with what it wrote: every
 * serializable field of the workload classes (sorted by name), values of Strings, boxes and {@code BigDecimal}s
 * (with their scale), Dates, {@code java.time} values, enums, lists, maps (in key order) and primitive arrays
 * (bit-exact), and identity: the second visit of an object prints {@code #n}, so a lost
 * self-reference or a lost shared supervisor shows. The hand-written twins print as the model classes
 * ({@code HandMarketData} as {@code MarketData}), so every codec's result compares with the source objects.
 */
public final class GraphDigest {

    private final StringBuilder text = new StringBuilder();
    private final Map<Object, Integer> seen = new IdentityHashMap<>();

    private GraphDigest() {
    }

    /** The canonical text of the graph reachable from {@code root}. */
    public static String of(final Object root) {
        GraphDigest d = new GraphDigest();
        d.visit(root);
        return d.text.toString();
    }

    /** A short hash of {@link #of}, for printing. */
    public static String hash(final Object root) {
        try {
            byte[] sha = MessageDigest.getInstance("SHA-256").digest(of(root).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing", e);
        }
    }

    private void visit(final Object o) {
        if (o == null) {
            text.append("null");
        } else if (o instanceof String s) {
            text.append('"').append(s).append('"');
        } else if (o instanceof Number || o instanceof Boolean || o instanceof Character) {
            text.append(o.getClass().getSimpleName()).append('(').append(bits(o)).append(')');
        } else if (o instanceof Date date) {
            text.append("Date(").append(date.getTime()).append(')');
        } else if (o instanceof Enum<?> e) {
            text.append(e.getDeclaringClass().getSimpleName()).append('.').append(e.name());
        } else if (o instanceof TemporalAccessor t) {
            text.append(o.getClass().getSimpleName()).append('(').append(t).append(')');
        } else if (o instanceof Map<?, ?> map) {
            // entries in key order: a HashMap read back may iterate in another order than the one written
            Map<String, Object> sorted = new TreeMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                sorted.put(String.valueOf(e.getKey()), e.getValue());
            }
            text.append('{');
            for (Map.Entry<String, Object> e : sorted.entrySet()) {
                text.append('"').append(e.getKey()).append("\":");
                visit(e.getValue());
                text.append(',');
            }
            text.append('}');
        } else if (o instanceof List<?> list) {
            text.append('[');
            for (Object e : list) {
                visit(e);
                text.append(',');
            }
            text.append(']');
        } else if (o.getClass().isArray()) {
            array(o);
        } else {
            Integer id = seen.get(o);
            if (id != null) {
                text.append('#').append(id);
                return;
            }
            seen.put(o, seen.size() + 1);
            text.append(o.getClass().getSimpleName().replaceFirst("^Hand", "")).append('#').append(seen.size())
                    .append('{');
            for (Field f : fields(o.getClass())) {
                text.append(f.getName()).append('=');
                try {
                    visit(f.get(o));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("cannot read " + f, e);
                }
                text.append(';');
            }
            text.append('}');
        }
    }

    private static String bits(final Object box) {
        if (box instanceof Double d) {
            return Long.toHexString(Double.doubleToRawLongBits(d));
        }
        if (box instanceof Float f) {
            return Integer.toHexString(Float.floatToRawIntBits(f));
        }
        return box.toString();
    }

    private void array(final Object a) {
        if (a instanceof long[] v) {
            text.append("long[").append(v.length).append("]:").append(Arrays.hashCode(v));
        } else if (a instanceof double[] v) {
            long h = 1;
            for (double x : v) {
                h = 31 * h + Double.doubleToRawLongBits(x);
            }
            text.append("double[").append(v.length).append("]:").append(h);
        } else if (a instanceof Object[] v) {
            text.append("Object[").append(v.length).append("]:");
            for (Object e : v) {
                visit(e);
                text.append(',');
            }
        } else {
            throw new IllegalArgumentException("no digest for " + a.getClass().getTypeName());
        }
    }

    /** Instance fields the JDK would serialize, superclasses first, each level sorted by name. */
    private static List<Field> fields(final Class<?> type) {
        List<Field> out = new ArrayList<>();
        if (type.getSuperclass() != null && type.getSuperclass() != Object.class) {
            out.addAll(fields(type.getSuperclass()));
        }
        List<Field> own = new ArrayList<>();
        for (Field f : type.getDeclaredFields()) {
            int m = f.getModifiers();
            if (!Modifier.isStatic(m) && !Modifier.isTransient(m) && !f.isSynthetic()) {
                f.setAccessible(true);
                own.add(f);
            }
        }
        own.sort(Comparator.comparing(Field::getName));
        out.addAll(own);
        return out;
    }
}
