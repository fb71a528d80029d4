package dev.serialboost.it.powers;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * What application code can do to the agent's runtime, as installed: every class of the runtime (listed from the agent
 * jar given as the argument, found in the bootstrap loader), every member of it. Deep reflection must be refused for
 * every field, method and constructor; every public method is called with hostile arguments (the JDK's own descriptor
 * of {@code String}, an object of this application, nulls, zeros); and afterwards the JDK's descriptors, this
 * application's private fields and its streams must be as before. Prints one line per finding and a summary; {@code
 * RuntimePowersIT} requires no finding. Without the agent there is no runtime to reach, and it says so.
 */
public final class RuntimeReach {

    /** An application class with a private field whose value must not change. */
    public static final class Secret implements Serializable {
        private static final long serialVersionUID = 1L;
        private final long value;
        private String text;

        Secret(final long value, final String text) {
            this.value = value;
            this.text = text;
        }

        String state() {
            return value + "/" + text;
        }
    }

    private RuntimeReach() {
    }

    public static void main(final String[] args) throws Exception {
        Secret secret = new Secret(42, "kept");
        byte[] before = write(secret);
        String stringDesc = describe(ObjectStreamClass.lookup(String.class));
        String secretDesc = describe(ObjectStreamClass.lookup(Secret.class));
        List<String> findings = new ArrayList<>();
        List<Class<?>> runtime = runtimeClasses(args[0]);
        if (runtime.isEmpty()) {
            System.out.println("no runtime installed");
            return;
        }
        Module app = RuntimeReach.class.getModule();
        Module base = Object.class.getModule();
        for (String pkg : List.of("java.io", "jdk.internal.misc", "jdk.internal.loader", "java.net")) {
            if (base.isOpen(pkg, app)) {
                findings.add("java.base opens " + pkg + " to the application");
            }
        }
        for (String pkg : List.of("jdk.internal.misc", "jdk.internal.loader", "jdk.internal.reflect")) {
            if (base.isExported(pkg, app)) {
                findings.add("java.base exports " + pkg + " to the application");
            }
        }
        int members = 0;
        int calls = 0;
        for (Class<?> c : runtime) {
            if (c.getModule() != base) {
                findings.add(c.getName() + " is not in java.base but in " + c.getModule());
            }
            List<AccessibleObject> all = new ArrayList<>();
            all.addAll(Arrays.asList(c.getDeclaredFields()));
            all.addAll(Arrays.asList(c.getDeclaredMethods()));
            all.addAll(Arrays.asList(c.getDeclaredConstructors()));
            for (AccessibleObject o : all) {
                members++;
                boolean open = Modifier.isPublic(c.getModifiers()) && Modifier.isPublic(((Member) o).getModifiers());
                try {
                    o.setAccessible(true);
                    if (!open) {
                        findings.add("deep reflection allowed on " + o);
                    }
                } catch (InaccessibleObjectException expected) {
                    // java.base does not open java.io to the application
                }
                if (o instanceof Method m && Modifier.isPublic(m.getModifiers())
                        && Modifier.isPublic(c.getModifiers())) {
                    for (Object[] hostile : hostile(m.getParameterTypes(), secret)) {
                        calls++;
                        try {
                            m.invoke(Modifier.isStatic(m.getModifiers()) ? null : receiver(c), hostile);
                        } catch (ReflectiveOperationException | RuntimeException e) {
                            // refused or failed: what counts is what changed
                        }
                    }
                }
                if (o instanceof Field f && Modifier.isPublic(f.getModifiers())
                        && !Modifier.isFinal(f.getModifiers())) {
                    findings.add("public mutable field " + f);
                }
            }
        }
        if (!describe(ObjectStreamClass.lookup(String.class)).equals(stringDesc)) {
            findings.add("the JDK's descriptor of String changed: " + describe(ObjectStreamClass.lookup(String.class)));
        }
        if (!describe(ObjectStreamClass.lookup(Secret.class)).equals(secretDesc)) {
            findings.add("the descriptor of Secret changed");
        }
        if (!secret.state().equals("42/kept")) {
            findings.add("a private field changed: " + secret.state());
        }
        if (!Arrays.equals(before, write(secret))) {
            findings.add("the stream of the same object changed");
        }
        Object back = read(before);
        if (!(back instanceof Secret s) || !s.state().equals("42/kept")) {
            findings.add("the stream read back differently: " + back);
        }
        for (String f : findings) {
            System.out.println("finding: " + f);
        }
        System.out.println("runtime classes=" + runtime.size() + " members=" + members + " hostile calls=" + calls
                + " findings=" + findings.size());
    }

    /** The installed runtime's classes, named by the index of the runtime's image in the agent jar. */
    private static List<Class<?>> runtimeClasses(final String agentJar) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        try (JarFile jar = new JarFile(agentJar)) {
            JarEntry index = jar.getJarEntry("META-INF/serialboost/runtime/classes.txt");
            String listed = index == null ? "" : new String(jar.getInputStream(index).readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8);
            for (String installed : listed.split("\n")) {
                if (installed.startsWith("java.io.Serialboost$")) {
                    String simple = installed.substring("java.io.Serialboost$".length());
                    // where the agent installs it, and where earlier builds defined it (the bootstrap loader's
                    // unnamed module): a test that finds it there finds every member open
                    names.add(installed);
                    for (String layer : new String[] {"", "engine.", "converted."}) {
                        names.add("dev.serialboost.runtime." + layer + simple);
                    }
                }
            }
        }
        List<Class<?>> classes = new ArrayList<>();
        for (String n : names) {
            try {
                classes.add(Class.forName(n, false, null));
            } catch (ClassNotFoundException e) {
                // not installed (no runtime, or a class the runtime does not define)
            }
        }
        return classes;
    }

    /** Argument lists for a method: nulls, then a JDK descriptor and this application's object where they fit. */
    private static List<Object[]> hostile(final Class<?>[] types, final Secret secret) throws IOException {
        List<Object[]> lists = new ArrayList<>();
        for (int variant = 0; variant < 3; variant++) {
            Object[] values = new Object[types.length];
            for (int i = 0; i < types.length; i++) {
                values[i] = value(types[i], variant, secret);
            }
            lists.add(values);
        }
        return lists;
    }

    private static Object value(final Class<?> type, final int variant, final Secret secret) throws IOException {
        if (type == boolean.class) {
            return variant == 1;
        } else if (type == int.class || type == long.class || type == short.class || type == byte.class
                || type == char.class || type == float.class || type == double.class) {
            Object zero = java.lang.reflect.Array.get(java.lang.reflect.Array.newInstance(type, 1), 0);
            return variant == 2 && type == int.class ? 8 : zero;
        } else if (variant == 0) {
            return null;
        } else if (type == ObjectStreamClass.class) {
            return ObjectStreamClass.lookup(variant == 1 ? String.class : Secret.class);
        } else if (type == Class.class) {
            return variant == 1 ? String.class : Secret.class;
        } else if (type == byte[].class) {
            return new byte[64];
        } else if (type.isAssignableFrom(ObjectOutputStream.class)) {
            return new ObjectOutputStream(new ByteArrayOutputStream());
        } else if (type.isAssignableFrom(ObjectInputStream.class)) {
            return new ObjectInputStream(new ByteArrayInputStream(write(secret)));
        } else if (type == String.class) {
            return variant == 1 ? "value:J" : "text:Ljava/lang/String;";
        } else if (type == java.lang.invoke.MethodHandles.Lookup.class) {
            return java.lang.invoke.MethodHandles.lookup();
        } else if (type.isInstance(secret)) {
            return secret;
        }
        return null;
    }

    /** An instance to call an instance method on: none can be made from outside, so the calls go to null. */
    private static Object receiver(final Class<?> c) {
        for (Constructor<?> k : c.getConstructors()) {
            if (k.getParameterCount() == 0) {
                try {
                    return k.newInstance();
                } catch (ReflectiveOperationException | RuntimeException e) {
                    return null;
                }
            }
        }
        return null;
    }

    private static String describe(final ObjectStreamClass d) {
        StringBuilder s = new StringBuilder(d.getName()).append(' ').append(d.getSerialVersionUID()).append(' ')
                .append(d.forClass());
        for (var f : d.getFields()) {
            s.append(' ').append(f.getName()).append(':').append(f.getTypeString()).append('@').append(f.getOffset());
        }
        return s.toString();
    }

    private static byte[] write(final Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    private static Object read(final byte[] bytes) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return in.readObject();
        }
    }

}
