package dev.serialboost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.serialboost.it.StreamFlags;
import dev.serialboost.it.loaders.LoaderApp;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Classes defined by application class loaders are converted too: {@link LoaderApp} loads a small "web
 * application" through a child-first loader (servlet-container style, parent = the system loader) and through a
 * plain URLClassLoader, from a directory that is not on the class path (the test compiles it), and round-trips a
 * cart with an ObjectInputStream resolving through that loader. With the agent the classes are converted in both
 * loaders (written in the converted layout, still not {@code Externalizable} to the program) and the copies are the
 * same as without it.
 */
class ClassLoaderIT {

    /** The web application: a non-serializable base, a cart holding items, shared references and a cycle. */
    private static final Map<String, String> SOURCES = Map.of(
            "dev/serialboost/it/webapp/Base.java", """
                    package dev.serialboost.it.webapp;

                    /** Not serializable: its no-arg constructor runs on every read, with and without the agent. */
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
            "dev/serialboost/it/webapp/Cart.java", """
                    package dev.serialboost.it.webapp;

                    import java.io.Serializable;
                    import java.util.ArrayList;
                    import java.util.List;

                    public class Cart extends Base implements Serializable {
                        private static final long serialVersionUID = 7L;

                        private String owner;
                        private List<Item> items = new ArrayList<>();
                        private Item favourite;
                        private transient int views = 5;

                        public Cart(final String owner) {
                            super("cart-constructor");
                            this.owner = owner;
                        }

                        public static Cart sample() {
                            Cart cart = new Cart("ada");
                            Item book = new Item("book", 2, 12.5, cart);
                            cart.items.add(book);
                            cart.items.add(new Item("pen", 10, 0.99, cart));
                            cart.items.add(book);
                            cart.favourite = book;
                            return cart;
                        }

                        public String describe() {
                            double total = 0;
                            for (Item i : items) {
                                total += i.total();
                            }
                            return owner + "/" + items.size() + "/" + total + "/" + (favourite == items.get(0))
                                    + "/" + (items.get(1).cart() == this) + "/" + views + "/" + origin;
                        }
                    }
                    """,
            "dev/serialboost/it/webapp/Item.java", """
                    package dev.serialboost.it.webapp;

                    import java.io.Serializable;

                    public class Item implements Serializable {
                        private static final long serialVersionUID = 8L;

                        private String sku;
                        private int quantity;
                        private double price;
                        private Cart cart;

                        Item(final String sku, final int quantity, final double price, final Cart cart) {
                            this.sku = sku;
                            this.quantity = quantity;
                            this.price = price;
                            this.cart = cart;
                        }

                        double total() {
                            return quantity * price;
                        }

                        Cart cart() {
                            return cart;
                        }
                    }
                    """);

    @TempDir
    static Path dir;
    static Path classes;

    @BeforeAll
    static void compileTheWebApp() throws IOException {
        Path sources = dir.resolve("src");
        classes = dir.resolve("webapp-classes");
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", classes.toString()));
        for (Map.Entry<String, String> e : SOURCES.entrySet()) {
            Path file = sources.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue());
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "the test JVM must be a JDK (javax.tools compiler)");
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        int status = javac.run(null, messages, messages, args.toArray(String[]::new));
        assertEquals(0, status, "compiling the web app failed:\n" + messages);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void classesOfApplicationLoadersAreConvertedAndRoundTripTheSame(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).run(LoaderApp.class, classes.toString());
        JvmResult agent = JvmRunner.on(jdk).withAgent("convert=all,verbose=true")
                .run(LoaderApp.class, classes.toString());

        for (String loader : List.of("child-first", "parent-first")) {
            String plainHead = head(plain, loader);
            String agentHead = head(agent, loader);
            String expectedPlain = loader + ": defined-by-loader=true copy-same-class=true externalizable=false"
                    + " converted=false cart-flags=0x02 item-flags=0x02"
                    + " describe=ada/3/59.9/true/true/0/base-constructor";
            if (!plainHead.equals(expectedPlain)) {
                throw plain.fail("without the agent, expected: " + expectedPlain);
            }
            // the converted layout on the wire: SC_EXTERNALIZABLE | SC_WRITE_METHOD
            String expectedAgent = expectedPlain.replace("converted=false", "converted=true")
                    .replace("cart-flags=0x02 item-flags=0x02", "cart-flags=" + StreamFlags.CONVERTED_LAYOUT
                            + " item-flags=" + StreamFlags.CONVERTED_LAYOUT);
            if (!agentHead.equals(expectedAgent)) {
                throw agent.fail("with the agent, expected: " + expectedAgent);
            }
            String difference = CorpusDumps.firstDifference(body(plain, loader), body(agent, loader));
            if (difference != null) {
                throw agent.fail(loader + ": the copy differs from the copy without the agent, " + difference
                        + "\n" + plain.describe());
            }
        }
        // once per loader: each defines its own Cart and Item
        for (String name : List.of("dev.serialboost.it.webapp.Cart", "dev.serialboost.it.webapp.Item")) {
            long conversions = agent.agentLines().stream()
                    .filter(l -> l.startsWith(JvmRunner.PREFIX + name + " converted (")).count();
            if (conversions != 2) {
                throw agent.fail(name + " must be converted once in each of the two loaders, was " + conversions);
            }
        }
    }

    private static String head(final JvmResult run, final String loader) {
        return run.stdoutLines().stream().filter(l -> l.startsWith(loader + ": defined-by-loader=")).findFirst()
                .orElseThrow(() -> run.fail("no result line for the " + loader + " loader"));
    }

    private static List<String> body(final JvmResult run, final String loader) {
        List<String> lines = run.stdoutLines().stream().filter(l -> l.startsWith(loader + ": "))
                .filter(l -> !l.startsWith(loader + ": defined-by-loader=")).toList();
        if (lines.isEmpty()) {
            throw run.fail("no graph dump for the " + loader + " loader");
        }
        return lines;
    }
}
