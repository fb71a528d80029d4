package dev.serialboost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.serialboost.it.safety.LeakApp;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A discarded web-app class loader is collected after its converted classes were used: no leak through the
 * agent's caches (its per-loader class hierarchies, the runtime's bulk layouts and final-field setters, the
 * class values behind the converted views of descriptors). {@link LeakApp} deploys the web application
 * below three times in child-first loaders, uses it (round trips in four threads at once of a graph with an
 * all-primitive class, final fields, a converted subclass, a non-serializable base, arrays and a cycle; and a stream
 * written without serialboost), drops each loader, and requires a weak reference to every loader to clear within
 * a bounded number of {@code System.gc()} calls. The same run without the agent must collect them too and print
 * the same results.
 */
class LeakIT {

    private static final String PACKAGE = "dev.serialboost.it.safety.webapp";

    private static final Map<String, String> SOURCES = Map.of(
            "Base.java", """
                    package dev.serialboost.it.safety.webapp;

                    /** Not serializable: its no-arg constructor runs on every read. */
                    public class Base {
                        protected String origin;

                        public Base() {
                            origin = "base-constructor";
                        }

                        protected Base(final String origin) {
                            this.origin = origin;
                        }
                    }
                    """,
            "Quote.java", """
                    package dev.serialboost.it.safety.webapp;

                    import java.io.Serializable;

                    /** All primitive: one bulk record. */
                    public class Quote implements Serializable {
                        private static final long serialVersionUID = 1L;

                        long time;
                        double bid;
                        double ask;
                        int size;
                        boolean firm;

                        Quote(final long time, final double bid, final double ask, final int size, final boolean firm) {
                            this.time = time;
                            this.bid = bid;
                            this.ask = ask;
                            this.size = size;
                            this.firm = firm;
                        }

                        @Override
                        public String toString() {
                            return time + "/" + bid + "/" + ask + "/" + size + "/" + firm;
                        }
                    }
                    """,
            "Order.java", """
                    package dev.serialboost.it.safety.webapp;

                    import java.io.Serializable;
                    import java.util.Arrays;

                    /** Final fields, no no-arg constructor. */
                    public final class Order implements Serializable {
                        private static final long serialVersionUID = 2L;

                        private final long id;
                        private final String sku;
                        private final double[] prices;

                        Order(final long id, final String sku, final double[] prices) {
                            this.id = id;
                            this.sku = sku;
                            this.prices = prices;
                        }

                        @Override
                        public String toString() {
                            return id + "/" + sku + "/" + Arrays.toString(prices);
                        }
                    }
                    """,
            "Item.java", """
                    package dev.serialboost.it.safety.webapp;

                    import java.io.Serializable;

                    public class Item implements Serializable {
                        private static final long serialVersionUID = 3L;

                        String sku;
                        int quantity;
                        double price;
                        Cart cart;

                        Item(final String sku, final int quantity, final double price, final Cart cart) {
                            this.sku = sku;
                            this.quantity = quantity;
                            this.price = price;
                            this.cart = cart;
                        }
                    }
                    """,
            "Cart.java", """
                    package dev.serialboost.it.safety.webapp;

                    import java.io.Serializable;
                    import java.util.ArrayList;
                    import java.util.List;

                    public class Cart extends Base implements Serializable {
                        private static final long serialVersionUID = 4L;

                        String owner;
                        List<Item> items = new ArrayList<>();
                        Item[] favourites;
                        Quote quote;
                        Order order;
                        transient int views = 5;

                        Cart(final String owner) {
                            super("cart-constructor");
                            this.owner = owner;
                        }
                    }
                    """,
            "GiftCart.java", """
                    package dev.serialboost.it.safety.webapp;

                    /** A converted subclass of a converted class. */
                    public class GiftCart extends Cart {
                        private static final long serialVersionUID = 5L;

                        String message;

                        GiftCart(final String owner, final String message) {
                            super(owner);
                            this.message = message;
                        }
                    }
                    """,
            "WebApp.java", """
                    package dev.serialboost.it.safety.webapp;

                    import java.io.ByteArrayInputStream;
                    import java.io.ByteArrayOutputStream;
                    import java.io.Externalizable;
                    import java.io.ObjectInputStream;
                    import java.io.ObjectOutputStream;
                    import java.util.Set;
                    import java.util.concurrent.ConcurrentHashMap;
                    import java.util.concurrent.atomic.AtomicInteger;

                    /** The web application's entry points: what LeakApp and LeakIT call reflectively. */
                    public final class WebApp {

                        private WebApp() {
                        }

                        public static Object sample() {
                            GiftCart cart = new GiftCart("ada", "happy birthday");
                            Item book = new Item("book", 2, 12.5, cart);
                            cart.items.add(book);
                            cart.items.add(new Item("pen", 10, 0.99, cart));
                            cart.favourites = new Item[] {book, book};
                            cart.quote = new Quote(1_700_000_000_000L, 101.25, 101.5, 300, true);
                            cart.order = new Order(42L, "sku-42", new double[] {1.5, 2.5});
                            return cart;
                        }

                        public static String describe(final Object o) {
                            GiftCart c = (GiftCart) o;
                            double total = 0;
                            for (Item i : c.items) {
                                total += i.quantity * i.price;
                            }
                            return c.owner + "/" + c.items.size() + "/" + total + "/" + (c.favourites[0] == c.items.get(0))
                                    + "/" + (c.favourites[1] == c.favourites[0]) + "/" + (c.items.get(1).cart == c) + "/"
                                    + c.views + "/" + c.origin + "/" + c.message + "/" + c.quote + "/" + c.order;
                        }

                        /** Round trips in four threads at once, then reads {@code legacy}; returns what it saw. */
                        public static String run(final byte[] legacy) throws Exception {
                            Set<String> seen = ConcurrentHashMap.newKeySet();
                            AtomicInteger done = new AtomicInteger();
                            Thread[] threads = new Thread[4];
                            for (int t = 0; t < threads.length; t++) {
                                threads[t] = new Thread(() -> {
                                    for (int i = 0; i < 50; i++) {
                                        try {
                                            seen.add(describe(read(write(sample()))));
                                            done.incrementAndGet();
                                        } catch (Exception e) {
                                            e.printStackTrace();
                                        }
                                    }
                                }, "webapp-" + t);
                                threads[t].start();
                            }
                            for (Thread t : threads) {
                                t.join();
                            }
                            Object copy = read(write(sample()));
                            String copied = describe(copy);
                            boolean same = seen.equals(Set.of(copied));
                            return "round-trips-ok=" + (same ? done.get() : 0) + "/200 describe=" + copied
                                    + " legacy=" + describe(read(legacy)) + " externalizable=" + (copy instanceof Externalizable);
                        }

                        private static byte[] write(final Object o) throws Exception {
                            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                                out.writeObject(o);
                            }
                            return bytes.toByteArray();
                        }

                        private static Object read(final byte[] bytes) throws Exception {
                            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
                                return in.readObject();
                            }
                        }
                    }
                    """);

    @TempDir
    static Path dir;
    static Path classes;
    static Path legacy;

    @BeforeAll
    static void compileTheWebAppAndWriteAStreamWithoutTheAgent() throws Exception {
        Path sources = dir.resolve("src");
        classes = dir.resolve("webapp-classes");
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", classes.toString()));
        for (Map.Entry<String, String> e : SOURCES.entrySet()) {
            Path file = sources.resolve(PACKAGE.replace('.', '/')).resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue());
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "the test JVM must be a JDK (javax.tools compiler)");
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        int status = javac.run(null, messages, messages, args.toArray(String[]::new));
        assertEquals(0, status, "compiling the web app failed:\n" + messages);

        // this JVM has no agent: the stream is in the plain format
        legacy = dir.resolve("written-without-serialboost.bin");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                LeakIT.class.getClassLoader())) {
            Object sample = loader.loadClass(PACKAGE + ".WebApp").getMethod("sample").invoke(null);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(sample);
            }
            Files.write(legacy, bytes.toByteArray());
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the plain stream", e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void discardedWebAppLoaderIsCollectedAfterUsingConvertedClasses(final Jdk jdk) {
        jdk.assumeInstalled();
        String[] args = {classes.toString(), legacy.toString()};
        JvmResult plain = JvmRunner.on(jdk).jvmArgs("-Xmx256m").run(LeakApp.class, args);
        JvmResult agent = JvmRunner.on(jdk).jvmArgs("-Xmx256m").withAgent("convert=all,verbose=true")
                .run(LeakApp.class, args);

        for (JvmResult run : List.of(plain, agent)) {
            boolean withAgent = run == agent;
            String which = withAgent ? "with the agent" : "without the agent";
            for (int d = 0; d < LeakApp.DEPLOYMENTS; d++) {
                String prefix = "deployment " + d + ": round-trips-ok=200/200 describe=ada/";
                String line = run.stdoutLines().stream().filter(l -> l.startsWith("deployment ")).skip(d).findFirst()
                        .orElseThrow(() -> run.fail(which + ", no line for deployment"));
                java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "deployment \\d+: round-trips-ok=200/200 describe=(.*) legacy=(.*) externalizable=(true|false)"
                                + " converted=(true|false)")
                        .matcher(line);
                if (!line.startsWith(prefix) || !m.matches()) {
                    throw run.fail(which + ", deployment " + d + " did not round-trip: " + line);
                }
                if (!m.group(1).equals(m.group(2)) || !m.group(1).contains("/true/true/true/0/base-constructor/")) {
                    throw run.fail(which + ", the copies differ (fresh, then the one read from the stream written"
                            + " without serialboost), or lost identity: " + line);
                }
                if (!m.group(3).equals("false") || !m.group(4).equals(String.valueOf(withAgent))) {
                    throw run.fail(which + ", expected externalizable=false (a converted class keeps its interfaces)"
                            + " converted=" + withAgent + ": " + line);
                }
            }
            if (!run.stdoutLines().contains("collected=" + LeakApp.DEPLOYMENTS + "/" + LeakApp.DEPLOYMENTS)) {
                throw run.fail(which + ", the discarded web-app loaders must be collected");
            }
        }
        if (!agent.stdout().replace(" converted=true", " converted=false").equals(plain.stdout())) {
            throw agent.fail("the output differs from the run without the agent:\n" + plain.stdout());
        }
        for (String name : List.of("Quote", "Order", "Item", "Cart", "GiftCart")) {
            String converted = JvmRunner.PREFIX + PACKAGE + "." + name + " converted (";
            long times = agent.agentLines().stream().filter(l -> l.startsWith(converted)).count();
            if (times != 3) {
                throw agent.fail(PACKAGE + "." + name + " must be converted once per deployment, was " + times);
            }
        }
        if (agent.agentLines().stream().anyMatch(l -> l.contains(LegacyDumps.OFF))) {
            throw agent.fail("the converted format is off here, so nothing went through the agent's patched JDK");
        }
    }
}
