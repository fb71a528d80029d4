package dev.serialboost.runtime.jdk;

import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;

/**
 * The members of {@code java.io.ObjectStreamClass} the runtime uses (see {@link JdkLookup}). This class's own group is
 * a descriptor's state, as a stream reads it ({@code readNonProxy}) and the JDK binds it to a local class ({@code
 * initNonProxy}), which both layers read and write, and the calls the engine's patches stand for; {@link
 * LocalDescriptors} and {@link SerialData} are what only the converted format uses; {@link Binding} is the engine's
 * copy of a whole binding. The types are the handles' ({@code OSC} for {@code ObjectStreamClass}).
 */
public final class JdkObjectStreamClass {

    /** Why a member of this group is missing (the first found missing), or null. */
    public static final Throwable PROBLEM;
    /** {@code () OSC}: {@code new ObjectStreamClass()}, the empty descriptor a stream reads into. */
    public static final MethodHandle NEW;
    /** {@code (OSC) String}: reads {@code name}. */
    public static final MethodHandle NAME;
    /** {@code (OSC, String) void}: writes {@code name}. */
    public static final MethodHandle SET_NAME;
    /** {@code (OSC) Long}: reads {@code suid}, the serialVersionUID. */
    public static final MethodHandle SUID;
    /** {@code (OSC, Long) void}: writes {@code suid}. */
    public static final MethodHandle SET_SUID;
    /** {@code (OSC) boolean}: reads {@code isProxy}. */
    public static final MethodHandle IS_PROXY;
    /** {@code (OSC, boolean) void}: writes {@code isProxy}. */
    public static final MethodHandle SET_IS_PROXY;
    /** {@code (OSC) boolean}: reads {@code isEnum}. */
    public static final MethodHandle IS_ENUM;
    /** {@code (OSC, boolean) void}: writes {@code isEnum}. */
    public static final MethodHandle SET_IS_ENUM;
    /** {@code (OSC) boolean}: reads {@code serializable}. */
    public static final MethodHandle SERIALIZABLE;
    /** {@code (OSC, boolean) void}: writes {@code serializable}. */
    public static final MethodHandle SET_SERIALIZABLE;
    /** {@code (OSC) boolean}: reads {@code externalizable}. */
    public static final MethodHandle EXTERNALIZABLE;
    /** {@code (OSC, boolean) void}: writes {@code externalizable}. */
    public static final MethodHandle SET_EXTERNALIZABLE;
    /** {@code (OSC) boolean}: reads {@code hasWriteObjectData}. */
    public static final MethodHandle HAS_WRITE_OBJECT_DATA;
    /** {@code (OSC, boolean) void}: writes {@code hasWriteObjectData}. */
    public static final MethodHandle SET_HAS_WRITE_OBJECT_DATA;
    /** {@code (OSC) boolean}: reads {@code hasBlockExternalData}. */
    public static final MethodHandle HAS_BLOCK_EXTERNAL_DATA;
    /** {@code (OSC, boolean) void}: writes {@code hasBlockExternalData}. */
    public static final MethodHandle SET_HAS_BLOCK_EXTERNAL_DATA;
    /** {@code (OSC) ObjectStreamField[]}: reads {@code fields}. */
    public static final MethodHandle FIELDS;
    /** {@code (OSC, ObjectStreamField[]) void}: writes {@code fields}. */
    public static final MethodHandle SET_FIELDS;
    /**
     * {@code (OSC) void}: {@code computeFieldOffsets()}, which sets the fields' offsets, {@code primDataSize} and
     * {@code numObjFields}.
     */
    public static final MethodHandle COMPUTE_FIELD_OFFSETS;
    /** {@code (OSC) int}: reads {@code primDataSize}, the bytes of the primitive fields. */
    public static final MethodHandle PRIM_DATA_SIZE;
    /** {@code (OSC, int) void}: writes {@code primDataSize}. */
    public static final MethodHandle SET_PRIM_DATA_SIZE;
    /** {@code (OSC) Object}: reads {@code deserializeEx}, an {@code ExceptionInfo} or null. */
    public static final MethodHandle DESERIALIZE_EX;
    /** {@code (OSC, Object) void}: writes {@code deserializeEx}. */
    public static final MethodHandle SET_DESERIALIZE_EX;
    /** {@code (OSC) OSC}: reads {@code superDesc}. */
    public static final MethodHandle SUPER_DESC;
    /** {@code (OSC, OSC) void}: writes {@code superDesc}. */
    public static final MethodHandle SET_SUPER_DESC;
    /** {@code (OSC) Object}: reads {@code fieldRefl}, the {@code FieldReflector}. */
    public static final MethodHandle FIELD_REFL;
    /** {@code (OSC, Object) void}: writes {@code fieldRefl}. */
    public static final MethodHandle SET_FIELD_REFL;
    /** {@code (OSC) Constructor}: reads {@code cons}, the serializable constructor. */
    public static final MethodHandle CONS;
    /** {@code (OSC, Constructor) void}: writes {@code cons}. */
    public static final MethodHandle SET_CONS;
    /**
     * {@code (OSC) ProtectionDomain[]}: reads {@code domains}, the constructor's protection domains; null on JDK 24 and
     * later, which have no Security Manager and no such field.
     */
    public static final MethodHandle DOMAINS;
    /** {@code (OSC, ProtectionDomain[]) void}: writes {@code domains}; null where {@link #DOMAINS} is. */
    public static final MethodHandle SET_DOMAINS;
    /** {@code (OSC, ObjectOutputStream) void}: {@code writeNonProxy(out)}, which writes a descriptor. */
    public static final MethodHandle WRITE_NON_PROXY;
    /**
     * {@code (OSC, OSC, Class, ClassNotFoundException, OSC) void}: {@code initNonProxy(model, cl, resolveEx,
     * superDesc)}, which binds a stream descriptor to its local class.
     */
    public static final MethodHandle INIT_NON_PROXY;
    /** {@code (OSC, Object, byte[]) void}: {@code getPrimFieldValues(obj, buf)}. */
    public static final MethodHandle GET_PRIM_FIELD_VALUES;
    /** {@code (OSC, Object, byte[]) void}: {@code setPrimFieldValues(obj, buf)}. */
    public static final MethodHandle SET_PRIM_FIELD_VALUES;

    static {
        JdkLookup in = JdkLookup.of(ObjectStreamClass.class);
        Class<?> exceptionInfo = in.type("java.io.ObjectStreamClass$ExceptionInfo");
        Class<?> reflector = in.type("java.io.ObjectStreamClass$FieldReflector");
        NEW = in.constructor(MethodType.methodType(void.class));
        NAME = in.getter("name", String.class);
        SET_NAME = in.setter("name", String.class);
        SUID = in.getter("suid", Long.class);
        SET_SUID = in.setter("suid", Long.class);
        IS_PROXY = in.getter("isProxy", boolean.class);
        SET_IS_PROXY = in.setter("isProxy", boolean.class);
        IS_ENUM = in.getter("isEnum", boolean.class);
        SET_IS_ENUM = in.setter("isEnum", boolean.class);
        SERIALIZABLE = in.getter("serializable", boolean.class);
        SET_SERIALIZABLE = in.setter("serializable", boolean.class);
        EXTERNALIZABLE = in.getter("externalizable", boolean.class);
        SET_EXTERNALIZABLE = in.setter("externalizable", boolean.class);
        HAS_WRITE_OBJECT_DATA = in.getter("hasWriteObjectData", boolean.class);
        SET_HAS_WRITE_OBJECT_DATA = in.setter("hasWriteObjectData", boolean.class);
        HAS_BLOCK_EXTERNAL_DATA = in.getter("hasBlockExternalData", boolean.class);
        SET_HAS_BLOCK_EXTERNAL_DATA = in.setter("hasBlockExternalData", boolean.class);
        FIELDS = in.getter("fields", ObjectStreamField[].class);
        SET_FIELDS = in.setter("fields", ObjectStreamField[].class);
        COMPUTE_FIELD_OFFSETS = in.virtual("computeFieldOffsets", MethodType.methodType(void.class));
        PRIM_DATA_SIZE = in.getter("primDataSize", int.class);
        SET_PRIM_DATA_SIZE = in.setter("primDataSize", int.class);
        DESERIALIZE_EX = in.getter("deserializeEx", exceptionInfo);
        SET_DESERIALIZE_EX = in.setter("deserializeEx", exceptionInfo);
        SUPER_DESC = in.getter("superDesc", ObjectStreamClass.class);
        SET_SUPER_DESC = in.setter("superDesc", ObjectStreamClass.class);
        FIELD_REFL = in.getter("fieldRefl", reflector);
        SET_FIELD_REFL = in.setter("fieldRefl", reflector);
        CONS = in.getter("cons", Constructor.class);
        SET_CONS = in.setter("cons", Constructor.class);
        JdkLookup until23 = in.optional();
        DOMAINS = until23.getter("domains", ProtectionDomain[].class);
        SET_DOMAINS = until23.setter("domains", ProtectionDomain[].class);
        WRITE_NON_PROXY = in.virtual("writeNonProxy", MethodType.methodType(void.class, ObjectOutputStream.class));
        INIT_NON_PROXY = in.virtual("initNonProxy", MethodType.methodType(void.class, ObjectStreamClass.class,
                Class.class, ClassNotFoundException.class, ObjectStreamClass.class));
        MethodType primFieldValues = MethodType.methodType(void.class, Object.class, byte[].class);
        GET_PRIM_FIELD_VALUES = in.virtual("getPrimFieldValues", primFieldValues);
        SET_PRIM_FIELD_VALUES = in.virtual("setPrimFieldValues", primFieldValues);
        PROBLEM = in.problem();
    }

    private JdkObjectStreamClass() {
    }

    /** How {@code ObjectStreamClass.lookup} builds a local class's descriptor: what a converted view is built with. */
    public static final class LocalDescriptors {

        /** Why a member of this group is missing, or null. */
        public static final Throwable PROBLEM;
        /** {@code (Class, boolean) OSC}: the static {@code lookup(cl, all)}. */
        public static final MethodHandle LOOKUP;
        /** {@code (Class) OSC}: {@code new ObjectStreamClass(cl)}, which {@code lookup} calls for a new class. */
        public static final MethodHandle NEW_OF_CLASS;
        /** {@code (ObjectStreamField[], OSC) Object}: the static {@code getReflector(fields, localDesc)}. */
        public static final MethodHandle GET_REFLECTOR;

        static {
            JdkLookup in = JdkLookup.of(ObjectStreamClass.class);
            Class<?> reflector = in.type("java.io.ObjectStreamClass$FieldReflector");
            LOOKUP = in.staticMethod("lookup", MethodType.methodType(ObjectStreamClass.class, Class.class,
                    boolean.class));
            NEW_OF_CLASS = in.constructor(MethodType.methodType(void.class, Class.class));
            GET_REFLECTOR = in.staticMethod("getReflector", MethodType.methodType(reflector,
                    ObjectStreamField[].class, ObjectStreamClass.class));
            PROBLEM = in.problem();
        }

        private LocalDescriptors() {
        }
    }

    /** What {@code ObjectInputStream.readSerialData} calls on each class level's descriptor. */
    public static final class SerialData {

        /** Why a member of this group is missing, or null. */
        public static final Throwable PROBLEM;
        /** {@code (OSC) Object[]}: {@code getClassDataLayout()}, its {@code ClassDataSlot}s. */
        public static final MethodHandle GET_CLASS_DATA_LAYOUT;
        /** {@code (OSC) boolean}: {@code hasReadObjectNoDataMethod()}. */
        public static final MethodHandle HAS_READ_OBJECT_NO_DATA_METHOD;
        /** {@code (OSC, Object) void}: {@code invokeReadObjectNoData(obj)}. */
        public static final MethodHandle INVOKE_READ_OBJECT_NO_DATA;
        /** {@code (OSC, Object, Object[]) void}: {@code checkObjFieldValueTypes(obj, vals)}. */
        public static final MethodHandle CHECK_OBJ_FIELD_VALUE_TYPES;
        /** {@code (OSC, Object, Object[]) void}: {@code setObjFieldValues(obj, vals)}. */
        public static final MethodHandle SET_OBJ_FIELD_VALUES;

        static {
            JdkLookup in = JdkLookup.of(ObjectStreamClass.class);
            Class<?> slot = in.type("java.io.ObjectStreamClass$ClassDataSlot");
            GET_CLASS_DATA_LAYOUT = in.virtual("getClassDataLayout", MethodType.methodType(slot.arrayType()));
            HAS_READ_OBJECT_NO_DATA_METHOD = in.virtual("hasReadObjectNoDataMethod",
                    MethodType.methodType(boolean.class));
            INVOKE_READ_OBJECT_NO_DATA = in.virtual("invokeReadObjectNoData",
                    MethodType.methodType(void.class, Object.class));
            MethodType objFieldValues = MethodType.methodType(void.class, Object.class, Object[].class);
            CHECK_OBJ_FIELD_VALUE_TYPES = in.virtual("checkObjFieldValueTypes", objFieldValues);
            SET_OBJ_FIELD_VALUES = in.virtual("setObjFieldValues", objFieldValues);
            PROBLEM = in.problem();
        }

        private SerialData() {
        }
    }

    /**
     * A class's own {@code writeObject} and {@code readObject} as a descriptor holds them, and the descriptor's calls
     * of them, which the engine's patch {@code custom method calls} stands for.
     */
    public static final class CustomMethods {

        /** Why a member of this group is missing, or null. */
        public static final Throwable PROBLEM;
        /** {@code (OSC) boolean}: reads {@code initialized}. */
        public static final MethodHandle INITIALIZED;
        /** {@code (OSC) Method}: reads {@code writeObjectMethod}, accessible, or null. */
        public static final MethodHandle WRITE_OBJECT_METHOD;
        /** {@code (OSC) Method}: reads {@code readObjectMethod}, accessible, or null. */
        public static final MethodHandle READ_OBJECT_METHOD;
        /** {@code (OSC, Object, ObjectOutputStream) void}: {@code invokeWriteObject(obj, out)}. */
        public static final MethodHandle INVOKE_WRITE_OBJECT;
        /** {@code (OSC, Object, ObjectInputStream) void}: {@code invokeReadObject(obj, in)}. */
        public static final MethodHandle INVOKE_READ_OBJECT;

        static {
            JdkLookup in = JdkLookup.of(ObjectStreamClass.class);
            INITIALIZED = in.getter("initialized", boolean.class);
            WRITE_OBJECT_METHOD = in.getter("writeObjectMethod", Method.class);
            READ_OBJECT_METHOD = in.getter("readObjectMethod", Method.class);
            INVOKE_WRITE_OBJECT = in.virtual("invokeWriteObject", MethodType.methodType(void.class, Object.class,
                    ObjectOutputStream.class));
            INVOKE_READ_OBJECT = in.virtual("invokeReadObject", MethodType.methodType(void.class, Object.class,
                    ObjectInputStream.class));
            PROBLEM = in.problem();
        }

        private CustomMethods() {
        }
    }

    /** What the engine needs to create an object a stream reads as the descriptor's {@code newInstance()} does. */
    public static final class Instantiation {

        /** Why a member of this group is missing, or null. */
        public static final Throwable PROBLEM;
        /** {@code (OSC) boolean}: reads {@code initialized}. */
        public static final MethodHandle INITIALIZED;
        /** {@code (OSC) Class}: reads {@code cl}, the local class, or null. */
        public static final MethodHandle CL;
        /** {@code (OSC) Constructor}: reads {@code cons}, the constructor {@code newInstance()} calls, or null. */
        public static final MethodHandle CONS;
        /** {@code (OSC) Object}: {@code newInstance()}. */
        public static final MethodHandle NEW_INSTANCE;

        static {
            JdkLookup in = JdkLookup.of(ObjectStreamClass.class);
            INITIALIZED = in.getter("initialized", boolean.class);
            CL = in.getter("cl", Class.class);
            CONS = in.getter("cons", Constructor.class);
            NEW_INSTANCE = in.virtual("newInstance", MethodType.methodType(Object.class));
            PROBLEM = JdkLookup.firstProblem(in.problem(), JdkUnsafe.ObjectFields.PROBLEM);
        }

        private Instantiation() {
        }
    }

    /**
     * The fields {@code initNonProxy} sets, as one copy from one descriptor to another: what binds a stream descriptor
     * to its local class. The list is that of the JDKs whose {@code initNonProxy} the agent knows by fingerprint (17,
     * 21, 25; 17 also sets {@code domains}); the engine copies bindings only on those. Made from the field handles of
     * {@link JdkObjectStreamClass} where it has them, one getter-setter pair per field composed into one constant
     * handle, so the copy compiles to plain loads and stores. Found when the engine first copies a binding.
     */
    public static final class Binding {

        /** Why the copy cannot be made, or null. */
        public static final Throwable PROBLEM;
        /** {@code (OSC to, OSC from) void}: every field {@code initNonProxy} sets but {@code superDesc}, copied. */
        public static final MethodHandle COPY;

        /** A field {@code initNonProxy} sets, and its type; a null type: whatever type it has (a private class). */
        private record Bound(String name, Class<?> type) {
        }

        /** A field's getter and setter. */
        private record Accessors(MethodHandle get, MethodHandle set) {
        }

        private static final List<Bound> BOUND = List.of(new Bound("cl", Class.class),
                new Bound("resolveEx", ClassNotFoundException.class), new Bound("name", String.class),
                new Bound("suid", Long.class), new Bound("isProxy", boolean.class), new Bound("isEnum", boolean.class),
                new Bound("serializable", boolean.class), new Bound("externalizable", boolean.class),
                new Bound("hasBlockExternalData", boolean.class), new Bound("hasWriteObjectData", boolean.class),
                new Bound("fields", ObjectStreamField[].class), new Bound("primDataSize", int.class),
                new Bound("numObjFields", int.class), new Bound("localDesc", ObjectStreamClass.class),
                new Bound("isRecord", boolean.class), new Bound("canonicalCtr", MethodHandle.class),
                new Bound("deserializationCtrs", null), new Bound("writeObjectMethod", Method.class),
                new Bound("readObjectMethod", Method.class), new Bound("readObjectNoDataMethod", Method.class),
                new Bound("writeReplaceMethod", Method.class), new Bound("readResolveMethod", Method.class),
                new Bound("deserializeEx", null), new Bound("domains", null), new Bound("cons", Constructor.class),
                new Bound("fieldRefl", null), new Bound("initialized", boolean.class));

        static {
            JdkLookup in = JdkLookup.of(ObjectStreamClass.class);
            Throwable problem = JdkObjectStreamClass.PROBLEM;
            List<MethodHandle> copies = new ArrayList<>();
            for (Bound field : BOUND) {
                boolean until23 = field.name().equals("domains");
                Class<?> type = (until23 ? in.optional() : in).fieldType(field.name());
                if (type == null && until23) {
                    continue; // JDK 24 and later: no Security Manager, no protection domains
                }
                if (type != null && field.type() != null && type != field.type()) {
                    problem = JdkLookup.firstProblem(problem, new NoSuchFieldException(field.name() + " is " + type
                            + ", not " + field.type()));
                }
                if (type == null) {
                    continue; // missing: a problem of the lookup
                }
                Accessors declared = declared(field.name());
                MethodHandle get = declared != null ? declared.get() : in.getter(field.name(), type);
                MethodHandle set = declared != null ? declared.set() : in.setter(field.name(), type);
                if (get != null && set != null) {
                    // (to, from) -> to.field = from.field, in the field's own type: nothing boxed
                    copies.add(MethodHandles.filterArguments(set, 1, get));
                } else {
                    problem = JdkLookup.firstProblem(problem, new NoSuchFieldException("no getter or setter of "
                            + field.name() + " of type " + type));
                }
            }
            problem = JdkLookup.firstProblem(problem, in.problem());
            PROBLEM = problem;
            COPY = problem == null ? sequence(copies, 0, copies.size()) : null;
        }

        private Binding() {
        }

        /** The getter and setter {@link JdkObjectStreamClass} declares for {@code field}, or null when it has none. */
        private static Accessors declared(final String field) {
            return switch (field) {
                case "name" -> new Accessors(NAME, SET_NAME);
                case "suid" -> new Accessors(SUID, SET_SUID);
                case "isProxy" -> new Accessors(IS_PROXY, SET_IS_PROXY);
                case "isEnum" -> new Accessors(IS_ENUM, SET_IS_ENUM);
                case "serializable" -> new Accessors(SERIALIZABLE, SET_SERIALIZABLE);
                case "externalizable" -> new Accessors(EXTERNALIZABLE, SET_EXTERNALIZABLE);
                case "hasBlockExternalData" -> new Accessors(HAS_BLOCK_EXTERNAL_DATA, SET_HAS_BLOCK_EXTERNAL_DATA);
                case "hasWriteObjectData" -> new Accessors(HAS_WRITE_OBJECT_DATA, SET_HAS_WRITE_OBJECT_DATA);
                case "fields" -> new Accessors(FIELDS, SET_FIELDS);
                case "primDataSize" -> new Accessors(PRIM_DATA_SIZE, SET_PRIM_DATA_SIZE);
                case "deserializeEx" -> new Accessors(DESERIALIZE_EX, SET_DESERIALIZE_EX);
                case "domains" -> new Accessors(DOMAINS, SET_DOMAINS);
                case "cons" -> new Accessors(CONS, SET_CONS);
                case "fieldRefl" -> new Accessors(FIELD_REFL, SET_FIELD_REFL);
                default -> null;
            };
        }

        /** The handles {@code from..to} one after the other, as a balanced tree (shallow for the JIT's inlining). */
        private static MethodHandle sequence(final List<MethodHandle> handles, final int from, final int to) {
            if (to - from == 1) {
                return handles.get(from);
            }
            int middle = (from + to) >>> 1;
            return MethodHandles.foldArguments(sequence(handles, middle, to), sequence(handles, from, middle));
        }
    }
}
