package dev.serialboost.it.engine.model;

import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

/** A serializable invocation handler whose state shows in {@code toString()}, the only view of a JDK proxy. */
public class NamedHandler implements InvocationHandler, Serializable {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final List<Object> payload = new ArrayList<>();

    public NamedHandler(final String name, final Object... payload) {
        this.name = name;
        this.payload.addAll(List.of(payload));
    }

    @Override
    public Object invoke(final Object proxy, final Method method, final Object[] args) {
        return switch (method.getName()) {
            case "toString" -> "NamedHandler(" + name + ", " + payload + ")";
            case "hashCode" -> name.hashCode();
            case "equals" -> proxy == args[0];
            case "greet" -> "hello " + args[0] + " from " + name;
            case "code" -> name.length();
            default -> throw new UnsupportedOperationException(method.getName());
        };
    }

    /** A proxy of the public {@link Greeter} and {@link Runnable}. */
    public static Object greeter(final String name, final Object... payload) {
        return Proxy.newProxyInstance(Greeter.class.getClassLoader(), new Class<?>[] {Greeter.class, Runnable.class},
                new NamedHandler(name, payload));
    }

    /** A proxy of the package-private {@link Secret}, defined in this package. */
    public static Object secret(final String name) {
        return Proxy.newProxyInstance(Secret.class.getClassLoader(), new Class<?>[] {Secret.class},
                new NamedHandler(name));
    }
}
