package dev.serialboost.it.engine;

import dev.serialboost.it.StreamFlags;
import dev.serialboost.it.engine.loaders.Gate;
import dev.serialboost.it.engine.loaders.Helper;
import dev.serialboost.it.engine.loaders.Part;
import dev.serialboost.it.engine.loaders.Pojo;
import dev.serialboost.it.engine.loaders.Reader;
import dev.serialboost.it.engine.loaders.Tail;

import java.io.ByteArrayInputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One class name, several classes: two child-first loaders A and B ({@link TwinLoader}) each define the classes of
 * {@code dev.serialboost.it.engine.loaders}, and so does the application loader; only A and B define {@code Poj0}.
 * Streams written by the application are read, alternately on one thread:
 * <ul>
 *   <li>by a plain {@code ObjectInputStream} called from A's {@code Reader}, then from B's: each must give its own
 *       loader's classes ({@code latestUserDefinedLoader} is the caller's loader);</li>
 *   <li>by a {@code Gate} whose {@code readObject} reads its second object through the other loader's
 *       {@code Helper}: that object's class comes from the helper's loader, the others (before and after) from
 *       the gate's;</li>
 *   <li>by an {@code ObjectInputStream} subclass resolving through A, then B, from application code;</li>
 *   <li>a stream of {@code Poj0}, from application code (not found) and from A's and B's {@code Reader}.</li>
 * </ul>
 * Each read reports the loader of every object (app, A, B) and a digest; {@code ObjectStreamClass.lookup} of each
 * loader's class reports which class it describes.
 */
final class LoaderCases {

    private final Map<ClassLoader, String> names = new IdentityHashMap<>();

    private LoaderCases() {
    }

    static void run(final Report r) throws Exception {
        URL here = LoaderCases.class.getProtectionDomain().getCodeSource().getLocation();
        ClassLoader app = LoaderCases.class.getClassLoader();
        try (TwinLoader a = new TwinLoader("A", here, app); TwinLoader b = new TwinLoader("B", here, app)) {
            LoaderCases cases = new LoaderCases();
            cases.names.put(app, "app");
            cases.names.put(a, "A");
            cases.names.put(b, "B");
            cases.run(r, a, b);
        }
    }

    private void run(final Report r, final ClassLoader a, final ClassLoader b) throws Exception {
        byte[] pojos = Patterns.write(new Pojo(1, "one", new Pojo(2, "two", new ArrayList<>(List.of(new Pojo(3,
                "three", null))))));
        for (int i = 0; i < 6; i++) {
            ClassLoader loader = i % 2 == 0 ? a : b;
            r.line("loaders/caller-" + names.get(loader) + "#" + i, outcome(() -> readFrom(loader, pojos)));
        }
        for (int i = 0; i < 4; i++) {
            ClassLoader loader = i % 2 == 0 ? a : b;
            r.line("loaders/resolving-subclass-" + names.get(loader) + "#" + i, outcome(() -> {
                try (ObjectInputStream in = new StreamFlags.LoaderObjectInputStream(new ByteArrayInputStream(pojos),
                        loader)) {
                    return in.readObject();
                }
            }));
        }
        r.line("loaders/caller-app", outcome(() -> StreamFlags.read(pojos)));

        // a class only A and B define: the application's failure to find it must not stick to the name
        byte[] onlyInAb = BadStreams.replace(pojos, "loaders.Pojo", "loaders.Poj0");
        ClassLoader app = a.getParent();
        List<ClassLoader> callers = List.of(app, a, app, b, app, a);
        for (int i = 0; i < callers.size(); i++) {
            ClassLoader loader = callers.get(i);
            r.line("loaders/only-in-A-and-B-caller-" + names.get(loader) + "#" + i, outcome(() -> loader == app
                    ? StreamFlags.read(onlyInAb) : readFrom(loader, onlyInAb)));
        }

        byte[] gate = Patterns.write(new Gate("g", new Pojo(1, "first", null), new Part("second"), new Tail(3)));
        setHelper(a, b);
        setHelper(b, a);
        for (int i = 0; i < 4; i++) {
            ClassLoader loader = i % 2 == 0 ? a : b;
            r.line("loaders/gate-" + names.get(loader) + "-helper-from-other#" + i,
                    outcome(() -> readFrom(loader, gate)));
        }
        setHelper(a, null);
        r.line("loaders/gate-A-no-helper", outcome(() -> readFrom(a, gate)));
        Gate.helper = null;
        r.line("loaders/gate-app-no-helper", outcome(() -> StreamFlags.read(gate)));
        Gate.helper = newHelper(b);
        r.line("loaders/gate-app-helper-B", outcome(() -> StreamFlags.read(gate)));
        Gate.helper = null;
        setHelper(a, b);
        r.line("loaders/gate-A-helper-B-again", outcome(() -> readFrom(a, gate)));

        for (ClassLoader loader : List.of(a, b, a.getParent())) {
            Class<?> pojo = Class.forName(Pojo.class.getName(), false, loader);
            ObjectStreamClass desc = ObjectStreamClass.lookup(pojo);
            r.line("loaders/lookup-" + names.get(loader), Readers.describe(desc) + " for-class="
                    + names.get(desc.forClass().getClassLoader()) + " same-class=" + (desc.forClass() == pojo));
        }
    }

    @FunctionalInterface
    private interface Read {
        Object read() throws Exception;
    }

    /** {@code ok loaders=[...] digest=...} or {@code failed EXCEPTION}. */
    private String outcome(final Read read) {
        try {
            Object o = read.read();
            List<String> loaders = new ArrayList<>();
            loaders(o, loaders, new IdentityHashMap<>());
            return "ok loaders=" + loaders + " " + Digests.graph(o);
        } catch (InvocationTargetException e) {
            return "failed " + Digests.exception(e.getCause());
        } catch (Throwable e) {
            return "failed " + Digests.exception(e);
        }
    }

    /** The loader of each application object, depth first through Pojo, Gate, lists. */
    private void loaders(final Object o, final List<String> out, final Map<Object, Boolean> seen) {
        if (o == null || seen.put(o, Boolean.TRUE) != null) {
            return;
        }
        ClassLoader loader = o.getClass().getClassLoader();
        String simple = o.getClass().getSimpleName();
        if (loader != null) {
            out.add(simple + "@" + names.getOrDefault(loader, "other"));
        }
        try {
            if (simple.equals("Pojo") || simple.equals("Poj0")) {
                loaders(o.getClass().getMethod("next").invoke(o), out, seen);
            } else if (simple.equals("Gate")) {
                for (Object part : (Object[]) o.getClass().getMethod("parts").invoke(o)) {
                    loaders(part, out, seen);
                }
            } else if (o instanceof List<?> list) {
                for (Object e : list) {
                    loaders(e, out, seen);
                }
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object readFrom(final ClassLoader loader, final byte[] bytes) throws Exception {
        Method read = Class.forName(Reader.class.getName(), true, loader).getMethod("read", byte[].class);
        return read.invoke(null, (Object) bytes);
    }

    /** Sets {@code Gate.helper} of {@code gateLoader}'s Gate to a Helper of {@code helperLoader} (or null). */
    private static void setHelper(final ClassLoader gateLoader, final ClassLoader helperLoader) throws Exception {
        Class.forName(Gate.class.getName(), true, gateLoader).getField("helper")
                .set(null, helperLoader == null ? null : newHelper(helperLoader));
    }

    @SuppressWarnings("unchecked")
    private static Function<ObjectInputStream, Object> newHelper(final ClassLoader loader) throws Exception {
        return (Function<ObjectInputStream, Object>) Class.forName(Helper.class.getName(), true, loader)
                .getConstructor().newInstance();
    }
}
