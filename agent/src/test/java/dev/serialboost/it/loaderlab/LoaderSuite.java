package dev.serialboost.it.loaderlab;

import dev.serialboost.it.engine.Digests;

import java.io.ByteArrayInputStream;
import java.io.ObjectInputStream;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Class loaders laid out as an application server lays them out, and streams read from code of each: every object
 * read is printed with its class and the loader that defined that class, or the exception the read ended with. The
 * same program without the agent prints the JDK's answers; {@code LoaderExactnessIT} requires the same lines with it.
 *
 * <p>The loaders: {@code app} (the class path); {@code web}, child-first for {@code model} below {@code app}; {@code
 * module}, child-first for {@code model.child} below {@code web} (so {@code web} and {@code module} each define
 * {@code Twin}, {@code Greeter}, {@code Lambdas}, and only {@code module} defines {@code Onl1}); {@code sib1} and
 * {@code sib2}, siblings of {@code web} defining {@code model} again. Each case runs cold, then every case again
 * {@code warm-rounds} times (results not printed: thousands of reads fill the agent's caches), then each is printed
 * again warm. Last, threads read alternately through two siblings at once.
 */
public final class LoaderSuite {

    static final String MODEL = "dev.serialboost.it.loaderlab.model.";
    static final String CHILD = MODEL + "child.";

    private final Map<ClassLoader, String> names = new IdentityHashMap<>();
    private final ClassLoader app;
    private final LabLoader web;
    private final LabLoader module;
    private final LabLoader sib1;
    private final LabLoader sib2;

    private LoaderSuite() {
        URL classes = LoaderSuite.class.getProtectionDomain().getCodeSource().getLocation();
        app = LoaderSuite.class.getClassLoader();
        web = new LabLoader("web", classes, app, MODEL, Set.of(), Map.of());
        // module defines its own Reader too: reads from module's code
        module = new LabLoader("module", classes, web, CHILD, Set.of(MODEL + "Reader"),
                Map.of(CHILD + "Onl1", CHILD + "Only"));
        sib1 = new LabLoader("sib1", classes, app, MODEL, Set.of(), Map.of());
        sib2 = new LabLoader("sib2", classes, app, MODEL, Set.of(), Map.of());
        names.put(app, "app");
        names.put(web, "web");
        names.put(module, "module");
        names.put(sib1, "sib1");
        names.put(sib2, "sib2");
    }

    public static void main(final String[] args) throws Exception {
        int warmRounds = Integer.parseInt(args[0]);
        LoaderSuite suite = new LoaderSuite();
        Map<String, Read> cases = suite.cases();
        for (Map.Entry<String, Read> c : cases.entrySet()) {
            System.out.println("cold " + c.getKey() + ": " + suite.outcome(c.getValue()));
        }
        for (int i = 0; i < warmRounds; i++) {
            for (Read read : cases.values()) {
                suite.outcome(read);
            }
        }
        for (Map.Entry<String, Read> c : cases.entrySet()) {
            System.out.println("warm " + c.getKey() + ": " + suite.outcome(c.getValue()));
        }
        suite.threads(4, 150);
    }

    /** A read whose result is described. */
    @FunctionalInterface
    interface Read {
        Object read() throws Exception;
    }

    private Map<String, Read> cases() throws Exception {
        Map<String, Read> cases = new java.util.LinkedHashMap<>();
        byte[] collections = (byte[]) call(app, "write", call(app, "collections"));
        ClassLoader[] turns = {sib1, sib2, web, app, sib2, sib1, module};
        for (int i = 0; i < turns.length; i++) {
            ClassLoader reader = turns[i];
            cases.put("collections-read-by-" + names.get(reader) + "#" + i, () -> readAll(reader, collections));
        }

        byte[] four = (byte[]) call(app, "write", call(app, "item", "one", 1, null), call(app, "twin", "two"),
                call(app, "plain", call(app, "twin", "three"), call(app, "item", "four", 4, null)),
                call(app, "holder", call(app, "twin", "five"), call(app, "item", "six", 6, null)));
        cases.put("one-stream-readers-sib1-module-app-web", () -> {
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(four))) {
                return List.of(readFrom(sib1, in), readFrom(module, in), in.readObject(), readFrom(web, in));
            }
        });

        // written from web's classes, read from module's code: fields read inside web's classes' own methods
        // resolve in web, those the stream reads alone in module
        Object onl1 = Class.forName(CHILD + "Onl1", true, module).getConstructor().newInstance();
        Map<String, Object> fromWeb = new java.util.LinkedHashMap<>();
        fromWeb.put("holder", call(web, "holder", call(web, "twin", "p"), call(web, "twin", "a")));
        fromWeb.put("fields-holder", call(web, "fieldsHolder", call(web, "twin", "f")));
        fromWeb.put("externalizable", call(web, "ext", call(web, "twin", "n"), call(web, "item", "m", 1, null)));
        fromWeb.put("plain", call(web, "plain", call(web, "twin", "q"), call(web, "twin", "r")));
        fromWeb.put("holder-of-class-only-module-has", call(web, "holder", onl1, null));
        fromWeb.put("holder-of-proxy", call(web, "holder", call(web, "proxy", "hello"), call(web, "proxy", "hi")));
        fromWeb.put("holder-of-lambda", call(web, "holder", call(web, "lambda", "x"), call(web, "lambda", "y")));
        fromWeb.put("holder-in-list-of", call(web, "holder", List.of(call(web, "twin", "l")), Map.of("k",
                call(web, "twin", "m"))));
        fromWeb.put("plain-holding-holder", call(web, "plain", call(web, "holder", call(web, "twin", "h"), null),
                call(web, "twin", "after-holder")));
        fromWeb.put("proxy", call(web, "proxy", "top"));
        fromWeb.put("lambda", call(web, "lambda", "top"));
        // Onl1 read from module's own code first: module's answer for the name, which a read inside web's classes
        // must not get (plain JDK fails there with ClassNotFoundException)
        byte[] bareOnl1 = (byte[]) call(web, "write", onl1);
        cases.put("class-only-module-has-read-by-module", () -> readAll(module, bareOnl1));
        byte[] bareTwin = (byte[]) call(web, "write", call(web, "twin", "bare"));
        for (Map.Entry<String, Object> e : fromWeb.entrySet()) {
            byte[] bytes = (byte[]) call(web, "write", e.getValue(), call(web, "twin", "next"));
            for (ClassLoader reader : List.of(module, web, sib1, module)) {
                cases.put(e.getKey() + "-from-web-read-by-" + names.get(reader), () -> readAll(reader, bytes));
                // the same name read alone next: what the read before resolved must not stick to another loader
                cases.put(e.getKey() + "-then-twin-read-by-" + names.get(reader), () -> readAll(reader, bareTwin));
            }
        }

        Class.forName(MODEL + "Swap", true, web).getField("replacer").set(null,
                (Function<Object, Object>) inside -> call(sib1, "item", "swapped", 1, inside));
        byte[] swap = (byte[]) call(web, "write", call(web, "swap", call(web, "twin", "s")),
                call(web, "item", "after-swap", 2, null));
        for (ClassLoader reader : List.of(web, module, app)) {
            cases.put("readResolve-to-sib1-read-by-" + names.get(reader), () -> readAll(reader, swap));
        }

        byte[] inner = (byte[]) call(web, "write", call(web, "twin", "inner"));
        byte[] nest = (byte[]) call(web, "write", call(web, "nest", inner, call(web, "item", "nest-after", 3, null)),
                call(web, "twin", "outer-after"));
        for (ClassLoader reader : List.of(module, web, app)) {
            cases.put("nested-stream-and-validation-read-by-" + names.get(reader), () -> readAll(reader, nest));
        }

        // the JDK's closed readers (ArrayList, BigDecimal...) read from each loader's code; then a stream class of
        // web's whose readInt, which ArrayList's readObject calls, reads an object: resolved from web's frame even
        // when module's code reads the stream
        byte[] closed = (byte[]) call(web, "write", call(web, "closedReaders"), call(web, "twin", "after-closed"));
        // (with convert=all, that stream writes the plain format: its writeInt is called as without the agent)
        Class<?> boxedInts = Class.forName(MODEL + "BoxedInts", true, web);
        byte[] boxed = (byte[]) boxedInts.getMethod("write", Object[].class)
                .invoke(null, (Object) new Object[] {call(web, "closedReaders"), call(web, "collections")});
        System.out.println("boxed ints written: " + boxedInts.getField("written").get(null) + " in "
                + boxed.length + " bytes");
        // class code of web's right after a closed reader at the same depth: an ArrayList subclass's own
        // readObject; BigDecimal's readObject is closed up to its first read: after it, a BigInteger subclass's
        byte[] ownLevel = (byte[]) call(web, "write", call(web, "listWithExtra"), call(web, "twin", "after-list"));
        byte[] sneaky = (byte[]) call(web, "sneakyDecimal");
        for (ClassLoader reader : List.of(module, web, sib1, app)) {
            cases.put("closed-readers-from-web-read-by-" + names.get(reader), () -> readAll(reader, closed));
            cases.put("closed-reader-then-own-level-of-web-read-by-" + names.get(reader),
                    () -> readAll(reader, ownLevel));
            cases.put("closed-reader-then-class-code-of-web-read-by-" + names.get(reader),
                    () -> call(reader, "readAllSneaky", sneaky));
            cases.put("closed-readers-own-readInt-of-web-read-by-" + names.get(reader),
                    () -> call(reader, "readAllBoxed", boxed));
        }

        byte[] openj9 = (byte[]) call(web, "openj9Issue20916");
        for (ClassLoader reader : List.of(web, module, sib1, app)) {
            cases.put("openj9-20916-read-by-" + names.get(reader), () -> readAll(reader, openj9));
        }
        return cases;
    }

    /** Reads through two siblings alternately on several threads at once; one line per thread. */
    private void threads(final int count, final int reads) throws Exception {
        byte[] bytes = (byte[]) call(app, "write", call(app, "collections"));
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Future<Map<String, Integer>>> results = new ArrayList<>();
            for (int t = 0; t < count; t++) {
                int first = t;
                results.add(pool.submit(() -> {
                    Map<String, Integer> seen = new TreeMap<>();
                    for (int i = 0; i < reads; i++) {
                        ClassLoader reader = (i + first) % 2 == 0 ? sib1 : sib2;
                        seen.merge(names.get(reader) + " -> " + outcome(() -> readAll(reader, bytes)), 1,
                                Integer::sum);
                    }
                    return seen;
                }));
            }
            for (int t = 0; t < count; t++) {
                Map<String, Integer> seen = results.get(t).get();
                List<String> lines = new ArrayList<>();
                seen.forEach((what, n) -> lines.add(n + "x " + what));
                System.out.println("threads#" + t + ": " + String.join(" | ", lines));
            }
        } finally {
            pool.shutdown();
        }
    }

    private Object readAll(final ClassLoader loader, final byte[] bytes) throws Exception {
        return call(loader, "readAll", bytes);
    }

    private Object readFrom(final ClassLoader loader, final ObjectInputStream in) throws Exception {
        return call(loader, "readFrom", in);
    }

    /** Calls the static method {@code name} of the loader's {@code Reader} or {@code Factory} with {@code args}. */
    private Object call(final ClassLoader loader, final String name, final Object... args) {
        String owner = MODEL + (name.startsWith("read") ? "Reader" : "Factory");
        try {
            for (Method m : Class.forName(owner, true, loader).getMethods()) {
                if (m.getName().equals(name) && (m.isVarArgs() || m.getParameterCount() == args.length)) {
                    return m.invoke(null, m.isVarArgs() ? new Object[] {args} : args);
                }
            }
            throw new IllegalStateException("no " + owner + "." + name);
        } catch (InvocationTargetException e) {
            throw new Failure(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What a read threw, carried out of {@link #call}. */
    private static final class Failure extends RuntimeException {
        Failure(final Throwable cause) {
            super(cause);
        }
    }

    /** {@code ok <objects>} or {@code failed <exception>}. */
    String outcome(final Read read) {
        try {
            Object o = read.read();
            StringBuilder s = new StringBuilder("ok");
            describe(o, s, new IdentityHashMap<>());
            return s.toString();
        } catch (Failure e) {
            return "failed " + Digests.exception(e.getCause());
        } catch (Throwable e) {
            return "failed " + Digests.exception(e);
        }
    }

    /**
     * Every object reachable from {@code o}, depth first: its class and the loader that defined the class (the JDK's
     * classes by name, proxies by their interfaces, lambdas by their result), a value's text, {@code ^N} for the
     * N-th object seen again.
     */
    private void describe(final Object o, final StringBuilder s, final Map<Object, Integer> seen) {
        s.append(' ');
        if (o == null) {
            s.append("null");
            return;
        }
        Integer known = seen.get(o);
        if (known != null) {
            s.append('^').append(known);
            return;
        }
        Class<?> c = o.getClass();
        if (o instanceof String || o instanceof Number || o instanceof Boolean || o instanceof Character) {
            s.append(c.getSimpleName()).append('=').append(o);
            return;
        }
        seen.put(o, seen.size());
        if (Proxy.isProxyClass(c)) {
            s.append("Proxy@").append(loader(c)).append('[');
            for (Class<?> i : c.getInterfaces()) {
                s.append(i.getSimpleName()).append('@').append(loader(i));
            }
            s.append("] handler");
            describe(Proxy.getInvocationHandler(o), s, seen);
        } else if (c.isHidden() || c.isSynthetic()) {
            s.append("Lambda@").append(loader(c)).append('=')
                    .append(o instanceof Supplier<?> supplier ? supplier.get() : "?");
        } else if (c == byte[].class) {
            s.append("byte[]"); // a stream's bytes: what the converted format writes differs, by design
        } else if (c.getComponentType() != null && c.getComponentType().isPrimitive()) {
            s.append(c.getComponentType().getSimpleName()).append("[]=[");
            for (int i = 0; i < Array.getLength(o); i++) {
                s.append(i == 0 ? "" : ",").append(Array.get(o, i));
            }
            s.append(']');
        } else if (c.isArray()) {
            s.append(c.getComponentType().getSimpleName()).append('[').append(Array.getLength(o)).append(']');
            for (int i = 0; i < Array.getLength(o); i++) {
                describe(Array.get(o, i), s, seen);
            }
        } else if (c.getClassLoader() == null) {
            s.append(c.getName().startsWith("java.util.ImmutableCollections") ? "Immutable" : c.getSimpleName());
            if (o instanceof Collection<?> all) {
                s.append('(').append(all.size()).append(')');
                for (Object e : all) {
                    describe(e, s, seen);
                }
            } else if (o instanceof Map<?, ?> map) {
                s.append('(').append(map.size()).append(')');
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    describe(e.getKey(), s, seen);
                    describe(e.getValue(), s, seen);
                }
            }
        } else {
            s.append(c.getSimpleName()).append('@').append(loader(c)).append('{');
            fields(o, c, s, seen);
            s.append(" }");
        }
    }

    private void fields(final Object o, final Class<?> c, final StringBuilder s, final Map<Object, Integer> seen) {
        if (c.getSuperclass() != null && c.getSuperclass().getClassLoader() != null) {
            fields(o, c.getSuperclass(), s, seen);
        }
        for (Field f : c.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                try {
                    f.setAccessible(true);
                    s.append(' ').append(f.getName()).append(':');
                    describe(f.get(o), s, seen);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    s.append("unreadable");
                }
            }
        }
    }

    private String loader(final Class<?> c) {
        ClassLoader l = c.getClassLoader();
        return l == null ? "boot" : names.getOrDefault(l, "other:" + l.getName());
    }
}
