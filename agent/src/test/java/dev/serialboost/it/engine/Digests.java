package dev.serialboost.it.engine;

import dev.serialboost.it.GraphDump;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedList;
import java.util.Queue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.regex.Pattern;

/**
 * Run-independent short forms of what the engine tests compare: the SHA-256 of stream bytes, a digest of an
 * object graph, an exception, a class name.
 */
public final class Digests {

    private static final Pattern PROXY_NUMBER = Pattern.compile("\\$Proxy\\d+");
    private static final Pattern LAMBDA = Pattern.compile("\\$\\$Lambda[^ ,;:)\\]]*");
    private static final Pattern IDENTITY_HASH = Pattern.compile("@[0-9a-f]{4,8}\\b");

    private Digests() {
    }

    public static String sha256(final byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** SHA-256 of the lines joined by newlines. */
    public static String sha256(final List<String> lines) {
        return sha256(String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The canonical lines of a graph: {@link GraphDump} of the root, followed by what {@code GraphDump} leaves out
     * for JDK objects of the graph (it shows them through their public view only): each {@code Throwable}'s stack
     * trace and suppressed exceptions, each proxy's invocation handler, each sorted map's or set's comparator.
     */
    public static List<String> graphLines(final Object root) {
        return new GraphDump().graph(new Object[] {root, hiddenParts(root)});
    }

    /**
     * {@code digest=D objects=O lines=N}: D the first 16 hex digits of the SHA-256 of {@link #graphLines}, O the
     * first 8 of the lines before the first static field (the objects reachable from the root, without the state of
     * the JVM the statics show), N the number of lines. {@code digest-failed EXCEPTION} when looking at the graph
     * throws (a proxy read from a corrupted stream may have no handler).
     */
    public static String graph(final Object root) {
        List<String> lines;
        try {
            lines = graphLines(root);
        } catch (RuntimeException e) {
            return "digest-failed " + exception(e);
        }
        int objects = 0;
        while (objects < lines.size() && !lines.get(objects).startsWith("static ")) {
            objects++;
        }
        return "digest=" + sha256(lines).substring(0, 16) + " objects=" + sha256(lines.subList(0, objects))
                .substring(0, 8) + " lines=" + lines.size();
    }

    /** {@code CLASS: MESSAGE}, then each cause as {@code <- CLASS: MESSAGE}, with run-dependent names normalised. */
    public static String exception(final Throwable e) {
        StringBuilder s = new StringBuilder();
        int depth = 0;
        for (Throwable t = e; t != null && depth < 5; t = t.getCause() == t ? null : t.getCause(), depth++) {
            s.append(depth == 0 ? "" : " <- ").append(t.getClass().getName()).append(": ")
                    .append(normalise(String.valueOf(t.getMessage())));
        }
        return GraphDump.escape(s.toString());
    }

    /** Proxy numbers, lambda class suffixes and identity hash codes replaced by fixed marks. */
    public static String normalise(final String text) {
        String s = PROXY_NUMBER.matcher(text).replaceAll("\\$Proxy#");
        s = LAMBDA.matcher(s).replaceAll("\\$\\$Lambda#");
        return IDENTITY_HASH.matcher(s).replaceAll("@#");
    }

    /** A class name that is the same in every run: proxies by their interfaces, hidden classes without suffix. */
    public static String typeName(final Class<?> c) {
        if (c == null) {
            return "-";
        }
        if (c.isArray()) {
            return typeName(c.getComponentType()) + "[]";
        }
        if (Proxy.isProxyClass(c)) {
            List<String> interfaces = new ArrayList<>();
            for (Class<?> i : c.getInterfaces()) {
                interfaces.add(i.getName());
            }
            return "proxy[" + String.join(",", interfaces) + "]";
        }
        return normalise(c.getName());
    }

    private static Object[] hiddenParts(final Object root) {
        List<Object> parts = new ArrayList<>();
        IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
        Queue<Object> queue = new LinkedList<>(); // holds nulls
        queue.add(root);
        while (!queue.isEmpty()) {
            Object o = queue.poll();
            if (o == null || seen.put(o, Boolean.TRUE) != null || o instanceof String || o instanceof Class<?>) {
                continue;
            }
            Class<?> c = o.getClass();
            if (c.isArray()) {
                if (!c.getComponentType().isPrimitive()) {
                    for (int i = 0; i < Array.getLength(o); i++) {
                        queue.add(Array.get(o, i));
                    }
                }
                continue;
            }
            if (o instanceof Throwable t) {
                StackTraceElement[] trace = t.getStackTrace();
                Throwable[] suppressed = t.getSuppressed();
                parts.add(trace);
                parts.add(suppressed);
                queue.add(t.getCause());
                queue.addAll(List.of(suppressed));
            }
            if (Proxy.isProxyClass(c)) {
                Object handler = Proxy.getInvocationHandler(o);
                parts.add(handler);
                queue.add(handler);
            }
            if (o instanceof SortedMap<?, ?> m) {
                parts.add(m.comparator());
                queue.add(m.comparator());
            }
            if (o instanceof SortedSet<?> s) {
                parts.add(s.comparator());
                queue.add(s.comparator());
            }
            if (o instanceof Map<?, ?> m) {
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    queue.add(e.getKey());
                    queue.add(e.getValue());
                }
            } else if (o instanceof Collection<?> coll) {
                queue.addAll(coll);
            }
            if (!isJdk(c)) {
                for (Class<?> level = c; level != null && !isJdk(level); level = level.getSuperclass()) {
                    for (Field f : level.getDeclaredFields()) {
                        if (!Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()) {
                            try {
                                f.setAccessible(true);
                                queue.add(f.get(o));
                            } catch (ReflectiveOperationException | RuntimeException e) {
                                // GraphDump reports unreadable fields itself
                            }
                        }
                    }
                }
            }
        }
        return parts.toArray();
    }

    private static boolean isJdk(final Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.")
                || n.startsWith("com.sun.");
    }
}
