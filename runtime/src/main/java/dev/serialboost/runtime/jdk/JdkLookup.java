package dev.serialboost.runtime.jdk;

import dev.serialboost.runtime.Privileged;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.function.Supplier;

/**
 * Finds the members of one JDK class for the holders of this package. The runtime reaches JDK internals only through
 * those holders, one per JDK class ({@code JdkObjectStreamClass}, {@code JdkUnsafe}, ...), as Byte Buddy's {@code
 * JavaDispatcher} declares each foreign member once, by name, with a defined answer when it is missing: each member is
 * a named {@code static final} method handle (a constant to the JIT, as in the class that calls it), null when it
 * cannot be found, and each group of members says in its {@code PROBLEM} why one could not be (the first that
 * failed), or null. A group is a holder class (or a class nested in one) and is found when first used, so nothing is
 * looked up before the runtime needs it. Every find runs as the runtime's own action ({@link Privileged}).
 *
 * <p>A handle has the member's own type, except that a type the runtime cannot name in its source, a class that is not
 * public (such as {@code ObjectOutputStream$BlockDataOutputStream}) or whose package is not exported (such as {@code
 * jdk.internal.misc.Unsafe}), is {@code Object} there, and an array of one {@code Object[]}: callers {@code
 * invokeExact} the handle with the types they can write.
 */
public final class JdkLookup {

    /** What a find looks for. */
    private enum Kind {
        CLASS, PRIVATE_ACCESS, FIELD_TYPE, GETTER, SETTER, STATIC_GETTER, STATIC_SETTER, VIRTUAL, SPECIAL, STATIC, CONSTRUCTOR, BOUND
    }

    /** The class, or null when it could not be found (every find then answers null). */
    private final Class<?> owner;
    /** Private access to {@link #owner}, or the runtime's own access to its public members. */
    private final MethodHandles.Lookup lookup;
    /** The first find that failed, or null. */
    private Throwable problem;
    /** For the finds of {@link #optional} members: the lookup told what fails other than a missing member. */
    private final JdkLookup required;

    private JdkLookup(final Class<?> owner, final MethodHandles.Lookup lookup, final Throwable problem) {
        this(owner, lookup, problem, null);
    }

    private JdkLookup(final Class<?> owner, final MethodHandles.Lookup lookup, final Throwable problem,
                      final JdkLookup required) {
        this.owner = owner;
        this.lookup = lookup;
        this.problem = problem;
        this.required = required;
    }

    /** Private access to the members of {@code owner} (its package open to the runtime, as {@code java.io} is). */
    static JdkLookup of(final Class<?> owner) {
        Object found = Privileged.call(new Find(null, Kind.PRIVATE_ACCESS, null, owner, null));
        return found instanceof MethodHandles.Lookup lookup ? new JdkLookup(owner, lookup, null)
                : new JdkLookup(null, null, (Throwable) found);
    }

    /** Private access to the members of the JDK class named {@code className} (a nested class of {@code java.io}). */
    static JdkLookup of(final String className) {
        Object found = Privileged.call(new Find(null, Kind.CLASS, className, null, null));
        return found instanceof Class<?> type ? of(type) : new JdkLookup(null, null, (Throwable) found);
    }

    /**
     * Access to the public members of the JDK class named {@code className}, whose package is exported to the runtime
     * but not opened ({@code jdk.internal.misc} outside {@code java.base}, in the runtime's own tests).
     */
    static JdkLookup ofPublic(final String className) {
        Object found = Privileged.call(new Find(null, Kind.CLASS, className, null, null));
        return found instanceof Class<?> type ? new JdkLookup(type, MethodHandles.lookup(), null)
                : new JdkLookup(null, null, (Throwable) found);
    }

    /** The first of {@code problems} that is not null, or null: the problem of what needs all their groups. */
    public static Throwable firstProblem(final Throwable... problems) {
        for (Throwable p : problems) {
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    /**
     * Finds the members that may be missing (one JDK has them, another not): each is null when missing, without this
     * being a problem of the group (nor when it has another type); any other failure (not accessible) is one.
     */
    JdkLookup optional() {
        return new JdkLookup(owner, lookup, null, this);
    }

    /** The first find that failed, or null. */
    Throwable problem() {
        return problem;
    }

    /** The class whose members this finds, or null when it is missing. */
    Class<?> owner() {
        return owner;
    }

    /**
     * The JDK class named {@code className}, found by the bootstrap loader and not initialized, for a type the runtime
     * cannot name; a class of its own when it is missing, which no member has, so that every find with it fails.
     */
    Class<?> type(final String className) {
        Object found = Privileged.call(new Find(null, Kind.CLASS, className, null, null));
        if (found instanceof Class<?> type) {
            return type;
        }
        note((Throwable) found);
        return Missing.class;
    }

    /** The declared type of the instance or static field {@code name}, or null when there is none. */
    Class<?> fieldType(final String name) {
        return (Class<?>) find(Kind.FIELD_TYPE, name, null, null);
    }

    /** {@code (Owner) type}: reads the instance field {@code name} of type {@code type}. */
    MethodHandle getter(final String name, final Class<?> type) {
        return (MethodHandle) find(Kind.GETTER, name, type, null);
    }

    /** {@code (Owner, type) void}: writes the instance field {@code name} of type {@code type}. */
    MethodHandle setter(final String name, final Class<?> type) {
        return (MethodHandle) find(Kind.SETTER, name, type, null);
    }

    /** {@code () type}: reads the static field {@code name} of type {@code type}. */
    MethodHandle staticGetter(final String name, final Class<?> type) {
        return (MethodHandle) find(Kind.STATIC_GETTER, name, type, null);
    }

    /** {@code (type) void}: writes the static field {@code name} of type {@code type}. */
    MethodHandle staticSetter(final String name, final Class<?> type) {
        return (MethodHandle) find(Kind.STATIC_SETTER, name, type, null);
    }

    /** {@code (Owner, parameters) return}: calls the instance method {@code name} of {@code type}, virtually. */
    MethodHandle virtual(final String name, final MethodType type) {
        return (MethodHandle) find(Kind.VIRTUAL, name, type, null);
    }

    /** {@code (Owner, parameters) return}: calls the owner's own method {@code name}, not a subclass's override. */
    MethodHandle special(final String name, final MethodType type) {
        return (MethodHandle) find(Kind.SPECIAL, name, type, null);
    }

    /** {@code (parameters) return}: calls the static method {@code name} of {@code type}. */
    MethodHandle staticMethod(final String name, final MethodType type) {
        return (MethodHandle) find(Kind.STATIC, name, type, null);
    }

    /** {@code (parameters) Owner}: calls the constructor of {@code type} (its return type {@code void}). */
    MethodHandle constructor(final MethodType type) {
        return (MethodHandle) find(Kind.CONSTRUCTOR, null, type, null);
    }

    /**
     * {@code (parameters) return}: calls the instance method {@code name} of {@code type} on {@code receiver}; its
     * other types are not changed (a receiver bound first needs no cast, and spins no class for one).
     */
    MethodHandle bound(final String name, final MethodType type, final Object receiver) {
        return receiver == null ? null : (MethodHandle) find(Kind.BOUND, name, type, receiver);
    }

    private Object find(final Kind kind, final String name, final Object type, final Object receiver) {
        if (lookup == null) {
            return null;
        }
        Object found = Privileged.call(new Find(this, kind, name, type, receiver));
        if (found instanceof Throwable t) {
            note(t);
            return null;
        }
        return found;
    }

    private void note(final Throwable t) {
        if (required != null) {
            if (!(t instanceof NoSuchFieldException || t instanceof NoSuchMethodException)) {
                required.note(t);
            }
        } else if (problem == null) {
            problem = t;
        }
    }

    /** {@code type} with each type the runtime cannot name made {@code Object} (see the class comment). */
    private static MethodType erased(final MethodType type) {
        MethodType erased = type.changeReturnType(erased(type.returnType()));
        for (int i = 0; i < erased.parameterCount(); i++) {
            erased = erased.changeParameterType(i, erased(erased.parameterType(i)));
        }
        return erased;
    }

    private static Class<?> erased(final Class<?> type) {
        if (nameable(type)) {
            return type;
        }
        return type.isArray() ? Object[].class : Object.class;
    }

    private static boolean nameable(final Class<?> type) {
        if (type.isPrimitive()) {
            return true;
        }
        if (type.isArray()) {
            return nameable(type.getComponentType());
        }
        for (Class<?> c = type; c != null; c = c.getDeclaringClass()) {
            if (!Modifier.isPublic(c.getModifiers())) {
                return false;
            }
        }
        return type.getModule().isExported(type.getPackageName());
    }

    /** The stand-in for a missing type (see {@link #type}). */
    private static final class Missing {
        private Missing() {
        }
    }

    /**
     * One find, run as the runtime's own action: its result, or what it threw. A class of its own rather than a
     * lambda, which the JVM would spin a class for at the first find.
     */
    private static final class Find implements Supplier<Object> {
        private final JdkLookup in;
        private final Kind kind;
        private final String name;
        private final Object type;
        private final Object receiver;

        Find(final JdkLookup in, final Kind kind, final String name, final Object type, final Object receiver) {
            this.in = in;
            this.kind = kind;
            this.name = name;
            this.type = type;
            this.receiver = receiver;
        }

        @Override
        public Object get() {
            try {
                return run();
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                return e;
            }
        }

        private Object run() throws ReflectiveOperationException {
            if (kind == Kind.CLASS) {
                return Class.forName(name, false, null);
            } else if (kind == Kind.PRIVATE_ACCESS) {
                return MethodHandles.privateLookupIn((Class<?>) type, MethodHandles.lookup());
            }
            Class<?> owner = in.owner;
            MethodHandles.Lookup lookup = in.lookup;
            return switch (kind) {
                case FIELD_TYPE -> declaredField(owner, name).getType();
                case GETTER -> adapt(lookup.findGetter(owner, name, (Class<?>) type));
                case SETTER -> adapt(lookup.findSetter(owner, name, (Class<?>) type));
                case STATIC_GETTER -> adapt(lookup.findStaticGetter(owner, name, (Class<?>) type));
                case STATIC_SETTER -> adapt(lookup.findStaticSetter(owner, name, (Class<?>) type));
                case VIRTUAL -> adapt(lookup.findVirtual(owner, name, (MethodType) type));
                case SPECIAL -> adapt(lookup.findSpecial(owner, name, (MethodType) type, owner));
                case STATIC -> adapt(lookup.findStatic(owner, name, (MethodType) type));
                case CONSTRUCTOR -> adapt(lookup.findConstructor(owner, (MethodType) type));
                case BOUND -> lookup.findVirtual(owner, name, (MethodType) type).bindTo(receiver);
                default -> throw new IllegalStateException("no find of kind " + kind);
            };
        }

        private static Field declaredField(final Class<?> owner, final String name) throws NoSuchFieldException {
            return owner.getDeclaredField(name);
        }

        private static MethodHandle adapt(final MethodHandle handle) {
            return handle.asType(erased(handle.type()));
        }
    }
}
