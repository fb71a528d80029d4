package dev.serialboost.it.loaderlab.model;

import dev.serialboost.it.loaderlab.model.child.Lambdas;
import dev.serialboost.it.loaderlab.model.child.Twin;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Builds the suite's graphs from the classes of this class's loader, and writes them. */
public final class Factory {

    private Factory() {
    }

    public static byte[] write(final Object... objects) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
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
     * eclipse-openj9/openj9#20916: two top-level objects, {@code List.of()} and a {@code List.of} of a class whose
     * fields hold another {@code List.of} and an object of a class first named there.
     */
    public static byte[] openj9Issue20916() {
        return write(List.of(), List.of(new Item("a", 0, List.of(0)), new Plain(new Twin("nested"), null)));
    }
}
