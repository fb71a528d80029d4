package dev.serialboost.runtime;

import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.lang.ref.Reference;
import java.security.AccessController;
import java.security.PrivilegedAction;

/**
 * The converted format, seen only by the JDK's stream engine. A class serialboost converted stays what it was
 * (no new interface, constructor or visible behaviour); it only carries synthetic {@code $sb$} bodies. The JDK's
 * methods the agent patches (see {@code dev.serialboost.transformer.ConvertedFormatPatches}) call this class:
 * <ul>
 *   <li>{@code ObjectOutputStream.writeObject0} looks descriptors up through {@link #lookupForWrite}: for an object
 *       of exactly a converted class it gets the class's <em>converted view</em>, a descriptor the JDK's own
 *       constructor builds as if the class were {@code Externalizable} (no fields, block data), with the
 *       constructor and exception state of the class's ordinary descriptor. The JDK then writes the object as an
 *       {@code Externalizable} one, and {@code writeExternalData} calls {@link #writeExternal}, which runs the
 *       generated body.</li>
 *   <li>{@code ObjectStreamClass.initNonProxy} passes its local descriptor through {@link #localDescriptor}: a
 *       stream descriptor in the converted layout is bound to the converted view (so the object is instantiated
 *       as plain JDK instantiates a {@code Serializable} class, its first non-serializable superclass's no-arg
 *       constructor), and {@code readExternalData} calls {@link #readExternal}. A plain stream descriptor meets
 *       the class's ordinary descriptor and is read by the JDK as without the agent.</li>
 *   <li>The descriptor constructor and {@code getSerialFields} ask {@link #externalizableView} whether the class
 *       they describe is {@code Externalizable}: yes only while this class builds a converted view.</li>
 * </ul>
 * Everything else, {@code ObjectStreamClass.lookup} included, sees the ordinary descriptor. A subclass serialboost
 * did not convert, a class whose bodies cannot be reached, or anything unexpected gets no view: the JDK writes it
 * in the plain format, which is always correct.
 */
public final class ConvertedFormat {

    /** The generated bodies and the converted view of one class; {@link #PLAIN} for classes without. */
    private static final class View {
        final ObjectStreamClass desc;
        /** {@code (Object, ObjectOutput) -> void}: the class's {@code $sb$write}. */
        final MethodHandle write;
        /** {@code (Object, ObjectInput) -> void}: {@code $sb$read}, declared by the topmost converted class. */
        final MethodHandle read;
        /** The descriptor's template for the engine layer, built on first use ({@link #NO_TEMPLATE} if none). */
        volatile Object template;

        View(final ObjectStreamClass desc, final MethodHandle write, final MethodHandle read) {
            this.desc = desc;
            this.write = write;
            this.read = read;
        }
    }

    private static final View PLAIN = new View(null, null, null);
    private static final Object NO_TEMPLATE = new Object();

    private static final ClassValue<View> VIEWS = new ClassValue<>() {
        @Override
        @SuppressWarnings("removal") // a Security Manager (JDK 17-23) must not see the application's frames here
        protected View computeValue(final Class<?> type) {
            return AccessController.doPrivileged((PrivilegedAction<View>) () -> viewOf(type));
        }
    };

    /** The class whose converted view this thread is building, for {@link #externalizableView}. */
    private static final ThreadLocal<Class<?>> BUILDING = new ThreadLocal<>();

    private static final MethodHandle LOOKUP;
    private static final MethodHandle NEW_DESCRIPTOR;
    private static final MethodHandle EXTERNALIZABLE;
    private static final MethodHandle SERIALIZABLE;
    private static final MethodHandle CONS;
    private static final MethodHandle SET_CONS;
    private static final MethodHandle DESERIALIZE_EX;
    private static final MethodHandle SET_DESERIALIZE_EX;
    private static final MethodHandle SET_SUPER_DESC;
    /** JDK 17-23 only (the Security Manager's protection domains for the constructor); null elsewhere. */
    private static final MethodHandle DOMAINS;
    private static final MethodHandle SET_DOMAINS;
    private static final String PROBLEM;

    static {
        MethodHandle lookup = null;
        MethodHandle newDescriptor = null;
        MethodHandle externalizable = null;
        MethodHandle serializable = null;
        MethodHandle cons = null;
        MethodHandle setCons = null;
        MethodHandle deserializeEx = null;
        MethodHandle setDeserializeEx = null;
        MethodHandle setSuperDesc = null;
        MethodHandle domains = null;
        MethodHandle setDomains = null;
        String problem = null;
        try {
            Class<?> osc = ObjectStreamClass.class;
            MethodHandles.Lookup io = MethodHandles.privateLookupIn(osc, MethodHandles.lookup());
            lookup = io.findStatic(osc, "lookup", MethodType.methodType(osc, Class.class, boolean.class));
            newDescriptor = io.findConstructor(osc, MethodType.methodType(void.class, Class.class))
                    .asType(MethodType.methodType(osc, Class.class));
            externalizable = io.findGetter(osc, "externalizable", boolean.class);
            serializable = io.findGetter(osc, "serializable", boolean.class);
            cons = io.findGetter(osc, "cons", java.lang.reflect.Constructor.class);
            setCons = io.findSetter(osc, "cons", java.lang.reflect.Constructor.class);
            Class<?> exceptionInfo = Class.forName("java.io.ObjectStreamClass$ExceptionInfo");
            deserializeEx = io.findGetter(osc, "deserializeEx", exceptionInfo)
                    .asType(MethodType.methodType(Object.class, osc));
            setDeserializeEx = io.findSetter(osc, "deserializeEx", exceptionInfo)
                    .asType(MethodType.methodType(void.class, osc, Object.class));
            setSuperDesc = io.findSetter(osc, "superDesc", osc);
            try {
                Class<?> domainArray = java.security.ProtectionDomain[].class;
                domains = io.findGetter(osc, "domains", domainArray).asType(MethodType.methodType(Object.class, osc));
                setDomains = io.findSetter(osc, "domains", domainArray)
                        .asType(MethodType.methodType(void.class, osc, Object.class));
            } catch (NoSuchFieldException e) {
                // JDK 24+: no Security Manager, no protection domains
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            problem = "java.io.ObjectStreamClass has no accessible lookup, constructor, externalizable/serializable"
                    + " flags, cons, deserializeEx or superDesc (" + e + ")";
        }
        LOOKUP = lookup;
        NEW_DESCRIPTOR = newDescriptor;
        EXTERNALIZABLE = externalizable;
        SERIALIZABLE = serializable;
        CONS = cons;
        SET_CONS = setCons;
        DESERIALIZE_EX = deserializeEx;
        SET_DESERIALIZE_EX = setDeserializeEx;
        SET_SUPER_DESC = setSuperDesc;
        DOMAINS = domains;
        SET_DOMAINS = setDomains;
        PROBLEM = problem;
    }

    private ConvertedFormat() {
    }

    /** Null when the converted format can work on this JVM, else why not (the agent then leaves the JDK alone). */
    public static String availability() {
        return PROBLEM != null ? PROBLEM : SerialboostRuntime.finalFieldsProblem();
    }

    // ---- write side ---------------------------------------------------------------------------------------------

    /** Stands for {@code ObjectStreamClass.lookup(cl, all)} in {@code ObjectOutputStream.writeObject0}/{@code writeClass}. */
    public static ObjectStreamClass lookupForWrite(final Class<?> cl, final boolean all) throws Throwable {
        View view = VIEWS.get(cl);
        return view.desc != null ? view.desc : (ObjectStreamClass) LOOKUP.invokeExact(cl, all);
    }

    /**
     * Stands for {@code obj.writeExternal(out)} in {@code ObjectOutputStream.writeExternalData}: an
     * {@code Externalizable} object's own method, else (the descriptor was a converted view) the generated body.
     */
    public static void writeExternal(final Object obj, final ObjectOutput out) throws IOException {
        if (obj instanceof Externalizable externalizable) {
            externalizable.writeExternal(out);
            return;
        }
        try {
            viewOfInstance(obj).write.invokeExact(obj, out);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception writing " + obj.getClass().getName(), t);
        }
    }

    /** Stands for {@code obj.readExternal(in)} in {@code ObjectInputStream.readExternalData}. */
    public static void readExternal(final Object obj, final ObjectInput in) throws IOException, ClassNotFoundException {
        if (obj instanceof Externalizable externalizable) {
            externalizable.readExternal(in);
            return;
        }
        try {
            viewOfInstance(obj).read.invokeExact(obj, in);
        } catch (IOException | ClassNotFoundException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception reading " + obj.getClass().getName(), t);
        }
    }

    private static View viewOfInstance(final Object obj) throws InvalidClassException {
        View view = VIEWS.get(obj.getClass());
        if (view.desc == null) {
            // the JDK only gets here with a converted view's descriptor, made for exactly this class
            throw new InvalidClassException(obj.getClass().getName(), "not Externalizable and not converted");
        }
        return view;
    }

    /** The engine layer's template for a converted view's descriptor, or null for any other descriptor. */
    static DescriptorTemplate template(final Class<?> cl, final ObjectStreamClass desc) {
        View view = VIEWS.get(cl);
        if (view.desc != desc || desc == null) {
            return null;
        }
        Object template = view.template;
        if (template == null) {
            try {
                DescriptorTemplate built = DescriptorTemplate.build(desc);
                template = built == null ? NO_TEMPLATE : built;
            } catch (Throwable t) {
                template = NO_TEMPLATE;
            }
            view.template = template;
        }
        return template instanceof DescriptorTemplate t ? t : null;
    }

    // ---- read side ----------------------------------------------------------------------------------------------

    /**
     * Passes through the local descriptor {@code osc = lookup(cl, true)} in {@code initNonProxy(model, cl, ...)}:
     * a stream descriptor in the converted layout ({@code Externalizable}) of a class that is converted here
     * meets the class's converted view; any other pair meets {@code osc}, as without the agent.
     */
    public static ObjectStreamClass localDescriptor(final ObjectStreamClass osc, final ObjectStreamClass model,
                                                    final Class<?> cl) throws Throwable {
        if (cl == null || !(boolean) EXTERNALIZABLE.invokeExact(model) || (boolean) EXTERNALIZABLE.invokeExact(osc)
                || !(boolean) SERIALIZABLE.invokeExact(osc)) {
            return osc;
        }
        View view = VIEWS.get(cl);
        if (view.desc != null) {
            return view.desc;
        }
        if (cl.isEnum() || Proxy.isProxyClass(cl) || model.getSerialVersionUID() != osc.getSerialVersionUID()
                || !simpleName(model.getName()).equals(simpleName(osc.getName()))) {
            return osc; // the JDK refuses on an earlier check, with its own message
        }
        // the JDK is about to refuse with "Serializable incompatible with Externalizable": say what probably happened
        throw new InvalidClassException(cl.getName(), "Serializable incompatible with Externalizable: the stream has"
                + " this class as Externalizable, which is how serialboost's converted format writes it, but this JVM"
                + " does not convert it (its serialboost configuration excludes or skips it, or it loaded before the"
                + " agent); writer and reader need the same serialboost configuration, see docs/compatibility.md."
                + " If the writer's version of the class is Externalizable, the class itself changed");
    }

    /** A class name without its package, as the JDK compares stream and local class names. */
    private static String simpleName(final String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /**
     * Replaces {@code Externalizable.class.isAssignableFrom(cl)} in the {@code ObjectStreamClass(Class)}
     * constructor and in {@code getSerialFields(Class)}, which it calls: also true while this thread builds a
     * converted view (and only for that class: the constructor's only other descriptor, the superclass's, is built
     * before).
     */
    public static boolean externalizableView(final boolean externalizable) {
        return externalizable || BUILDING.get() != null;
    }

    // ---- the views ----------------------------------------------------------------------------------------------

    /** The view of a class that carries generated bodies of its own, else {@link #PLAIN}. */
    private static View viewOf(final Class<?> type) {
        if (PROBLEM != null || !Serializable.class.isAssignableFrom(type) || Externalizable.class.isAssignableFrom(type)
                || type.isArray() || type.isEnum() || type.isRecord() || type.isInterface() || !declaresBodies(type)) {
            return PLAIN;
        }
        Class<?> superclass = type.getSuperclass();
        View superView = VIEWS.get(superclass);
        if (Serializable.class.isAssignableFrom(superclass) && superView.desc == null) {
            return PLAIN; // every serializable superclass of a converted class is converted: something is off
        }
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
            MethodHandle write = lookup.findVirtual(type, "$sb$write", MethodType.methodType(void.class,
                    ObjectOutput.class)).asType(MethodType.methodType(void.class, Object.class, ObjectOutput.class));
            MethodHandle read = lookup.findVirtual(type, "$sb$read", MethodType.methodType(void.class,
                    ObjectInput.class)).asType(MethodType.methodType(void.class, Object.class, ObjectInput.class));
            return new View(convertedDescriptor(type, superView), write, read);
        } catch (Throwable t) {
            // e.g. a class of a named module that does not open its package: the JDK writes it plain
            return PLAIN;
        }
    }

    private static boolean declaresBodies(final Class<?> type) {
        try {
            Method write = type.getDeclaredMethod("$sb$write", ObjectOutput.class);
            return write.isSynthetic() && !Modifier.isStatic(write.getModifiers());
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /**
     * Has the JDK build a descriptor of {@code type} as if it were {@code Externalizable}, then gives it what the
     * class's ordinary descriptor has for instantiation (the serializable constructor, its protection domains, the
     * "no valid constructor" exception if any) and the converted view of the superclass as its superclass
     * descriptor.
     */
    private static ObjectStreamClass convertedDescriptor(final Class<?> type, final View superView) throws Throwable {
        // the constructor looks the superclass's descriptor up: have it built, and held, before the flag is set
        ObjectStreamClass ordinary = (ObjectStreamClass) LOOKUP.invokeExact(type, true);
        ObjectStreamClass view;
        BUILDING.set(type);
        try {
            view = (ObjectStreamClass) NEW_DESCRIPTOR.invokeExact(type);
        } finally {
            BUILDING.remove();
        }
        if (!(boolean) EXTERNALIZABLE.invokeExact(view)) {
            throw new IllegalStateException("the descriptor of " + type.getName() + " was not built as converted");
        }
        SET_CONS.invokeExact(view, (java.lang.reflect.Constructor<?>) CONS.invokeExact(ordinary));
        SET_DESERIALIZE_EX.invokeExact(view, (Object) DESERIALIZE_EX.invokeExact(ordinary));
        if (DOMAINS != null) {
            SET_DOMAINS.invokeExact(view, (Object) DOMAINS.invokeExact(ordinary));
        }
        if (superView.desc != null) {
            SET_SUPER_DESC.invokeExact(view, superView.desc);
        }
        Reference.reachabilityFence(ordinary);
        return view;
    }
}
