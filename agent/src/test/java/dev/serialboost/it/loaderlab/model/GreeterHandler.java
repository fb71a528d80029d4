package dev.serialboost.it.loaderlab.model;

import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/** The handler of a serializable proxy of {@code child.Greeter}, made with this class's loader. */
public class GreeterHandler implements InvocationHandler, Serializable {
    private static final long serialVersionUID = 1L;

    public String greeting;

    public GreeterHandler(final String greeting) {
        this.greeting = greeting;
    }

    public static Object proxy(final String greeting) throws ClassNotFoundException {
        ClassLoader loader = GreeterHandler.class.getClassLoader();
        Class<?> greeter = Class.forName("dev.serialboost.it.loaderlab.model.child.Greeter", false, loader);
        return Proxy.newProxyInstance(loader, new Class<?>[] {greeter}, new GreeterHandler(greeting));
    }

    @Override
    public Object invoke(final Object proxy, final Method method, final Object[] args) {
        return method.getName().equals("greet") ? greeting + " " + args[0] : null;
    }
}
