package dev.serialboost.it.loaderlab.model;

import dev.serialboost.it.loaderlab.model.child.Lambdas;
import dev.serialboost.it.loaderlab.model.child.Twin;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;

/** Builds the suite's graphs from the classes of this class's loader, and writes them. */
public final class Factory {

    private Factory() {
    }

    public static byte[] write(final Object... objects) {
        return writeWith(ObjectOutputStream::new, objects);
    }

    /** A stream class's constructor. */
    @FunctionalInterface
    interface Opener {
        ObjectOutputStream open(ByteArrayOutputStream bytes) throws IOException;
    }

    /** {@code objects} written with the stream {@code opener} makes. */
    static byte[] writeWith(final Opener opener, final Object... objects) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = opener.open(bytes)) {
            for (Object o : objects) {
                out.writeObject(o);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static Object item(final String name, final int quantity, final Object extra) {
        return new Item(name, quantity, extra);
    }

    public static Object twin(final String tag) {
        return new Twin(tag);
    }

    public static Object holder(final Object payload, final Object after) {
        return new Holder(payload, after);
    }

    public static Object fieldsHolder(final Object payload) {
        return new FieldsHolder(payload, 3);
    }

    public static Object plain(final Object first, final Object second) {
        return new Plain(first, second);
    }

    public static Object ext(final Object nested, final Object more) {
        return new Ext("ext", nested, more);
    }

    public static Object swap(final Object inside) {
        return new Swap(inside);
    }

    public static Object nest(final byte[] inner, final Object after) {
        return new Nest(inner, after);
    }

    public static Object proxy(final String greeting) throws ClassNotFoundException {
        return GreeterHandler.proxy(greeting);
    }

    public static Object lambda(final String text) {
        return Lambdas.make(text);
    }

    /** The JDK's collections and immutable collections, each holding objects of this loader. */
    public static Object collections() {
        List<Object> list = new ArrayList<>(List.of(new Item("a", 1, null), new Twin("t")));
        Map<String, Object> map = new HashMap<>(Map.of("k", new Item("b", 2, new Twin("u"))));
        Map<String, Object> linked = new LinkedHashMap<>();
        linked.put("first", new Twin("v"));
        Map<String, Object> tree = new TreeMap<>(Map.of("x", new Item("c", 3, null)));
        return new Item("collections", 4, List.of(list, map, linked, tree, List.of(new Twin("w"), new Item("d", 5,
                null)), Map.of("m", new Twin("x")), Set.of(new Item("e", 6, null)),
                Collections.unmodifiableList(new ArrayList<>(List.of(new Twin("y")))),
                Collections.synchronizedMap(new HashMap<>(Map.of("s", new Item("f", 7, new Twin("z")))))));
    }

    /**
     * The JDK classes whose {@code readObject} runs no other class's code while it reads (the engine's closed
     * readers: {@code ArrayList}, {@code LinkedList}, {@code ArrayDeque}, {@code Vector}, {@code List.of}'s, {@code
     * BigDecimal}, {@code BigInteger}, {@code Throwable}), each holding objects of this loader, in a plain object and in a holder (whose
     * own {@code readObject} reads them: class code below them).
     */
    public static Object closedReaders() {
        List<Object> all = List.of(new ArrayList<>(List.of(new Twin("al"), new Item("al", 1, null))),
                new LinkedList<>(List.of(new Twin("ll"))), new ArrayDeque<>(List.of(new Item("ad", 2, new Twin("ad")))),
                new Vector<>(List.of(new Twin("ve"))), List.of(new Twin("lo"), new Item("lo", 3, null)),
                new BigDecimal("12.50"), new BigInteger("123456789012345678901234567890"),
                new IllegalStateException("closed up to its first read"));
        Holder holder = new Holder(new ArrayList<>(List.of(new Twin("in-holder"),
                new LinkedList<>(List.of(new Item("in-holder", 4, null))))), new Vector<>(List.of(new Twin("v2"))));
        return new Plain(new ArrayList<>(all), holder);
    }

    /**
     * A {@link ListWithExtra}, whose own {@code readObject} reads right after {@code ArrayList}'s at the same depth:
     * the stream's first {@link Twin} is the one it reads.
     */
    public static Object listWithExtra() {
        return new ListWithExtra(new Item("elem", 0, null), new Twin("extra"));
    }

    /**
     * A {@code BigDecimal} of a {@link SneakyInteger} whose data carries one more object after its fields (read by
     * {@link SneakyInteger#toByteArray}), then a {@link Twin}: a {@link DecimalLike} written, renamed in the stream.
     */
    public static byte[] sneakyDecimal() {
        byte[] written = write(new DecimalLike(new SneakyInteger("123456789012345678901234567890"), 2,
                new Twin("extra")), new Twin("after-decimal"));
        return renamed(written, DecimalLike.class.getName(), "java.math.BigDecimal", DecimalLike.BIG_DECIMAL_UID);
    }

    /** {@code stream} with the class descriptor named {@code from} named {@code to}, of serialVersionUID {@code uid}. */
    private static byte[] renamed(final byte[] stream, final String from, final String to, final long uid) {
        byte[] name = ("\0" + (char) from.length() + from).getBytes(StandardCharsets.ISO_8859_1);
        for (int at = 0; at + name.length + 8 <= stream.length; at++) {
            if (Arrays.equals(stream, at, at + name.length, name, 0, name.length)) {
                ByteBuffer out = ByteBuffer.allocate(stream.length - from.length() + to.length());
                out.put(stream, 0, at).putShort((short) to.length()).put(to.getBytes(StandardCharsets.ISO_8859_1))
                        .putLong(uid).put(stream, at + name.length + 8, stream.length - at - name.length - 8);
                return out.array();
            }
        }
        throw new IllegalStateException(from + " not in the stream");
    }

    /**
     * eclipse-openj9/openj9#20916: two top-level objects, {@code List.of()} and a {@code List.of} of a class whose
     * fields hold another {@code List.of} and an object of a class first named there.
     */
    public static byte[] openj9Issue20916() {
        return write(List.of(), List.of(new Item("a", 0, List.of(0)), new Plain(new Twin("nested"), null)));
    }
}
