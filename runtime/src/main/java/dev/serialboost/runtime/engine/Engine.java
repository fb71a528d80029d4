package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.Overrides;
import dev.serialboost.runtime.Privileged;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamConstants;
import java.io.ObjectStreamField;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The engine layer: what the agent's patched {@code java.io} method bodies call so that the JDK's own stream
 * machinery does less, with every byte on the wire and every observable call unchanged. Called from those bodies
 * and from nowhere else (see {@code dev.serialboost.transformer.engine.EnginePatches} for where):
 * <ul>
 *   <li>{@link #writeClassDescriptor} and {@link #writeNonProxy}, from {@code ObjectOutputStream.writeNonProxyDesc}:
 *       a class descriptor is copied from its {@link DescriptorTemplate}; a stream class that overrides
 *       {@code writeClassDescriptor} has it called as before;</li>
 *   <li>{@link #readClassDescriptor}, from {@code ObjectInputStream.readNonProxyDesc}: a descriptor read before is
 *       recognised from its bytes ({@link DescriptorReader});</li>
 *   <li>{@link #resolveClass}, from the same method: the class a name resolved to under a class loader is
 *       remembered ({@link ResolvedClasses}), so {@code Class.forName} runs once per name and loader, and the
 *       loader is found once per top-level read ({@link CallerLoader}, told where reads start and end and where
 *       code outside the stream reads from it by {@link #enteredRead}, {@link #leftRead}, {@link #publicRead}); a
 *       stream class that overrides {@code resolveClass} has it called as before;</li>
 *   <li>{@link #initNonProxy}, from the same method: a stream descriptor with the same content as one already
 *       bound to the same local class gets that binding copied ({@link ResolvedDescriptors}) instead of being bound
 *       again.</li>
 * </ul>
 * Each entry falls through to the JDK's own code on a miss or any doubt. Entries are public because the
 * patched JDK classes call them; they declare {@code Throwable} because they rethrow, unchanged, whatever the
 * JDK code they stand for throws.
 */
public final class Engine {

    /** Descriptor templates by class; {@link #NO_TEMPLATE} for a class the JDK keeps writing itself. */
    private static final ClassValue<Object> TEMPLATES = new ClassValue<>() {
        @Override
        protected Object computeValue(final Class<?> type) {
            try {
                ObjectStreamClass desc = ObjectStreamClass.lookupAny(type);
                DescriptorTemplate template = DescriptorTemplate.build(desc);
                return template == null ? NO_TEMPLATE : template;
            } catch (Throwable t) {
                return NO_TEMPLATE;
            }
        }
    };
    private static final Object NO_TEMPLATE = new Object();

    private static final MethodHandle BOUT;
    private static final MethodHandle BOUT_WRITE;
    private static final MethodHandle BOUT_SET_BLOCK_DATA_MODE;
    private static final MethodHandle WRITE_TYPE_STRING;
    private static final MethodHandle WRITE_CLASS_DESCRIPTOR;
    private static final MethodHandle PROTOCOL_VERSION;
    private static final MethodHandle WRITE_NON_PROXY;
    private static final MethodHandle FIELDS;
    private static final MethodHandle EXTERNALIZABLE;
    private static final MethodHandle SERIALIZABLE;
    private static final MethodHandle HAS_WRITE_OBJECT_DATA;
    private static final MethodHandle HAS_BLOCK_EXTERNAL_DATA;
    private static final MethodHandle IS_ENUM;
    private static final MethodHandle DESERIALIZE_EX;
    private static final MethodHandle INIT_NON_PROXY;
    private static final MethodHandle RESOLVE_CLASS;
    private static final MethodHandle JDK_RESOLVE_CLASS;
    private static final MethodHandle LATEST_USER_DEFINED_LOADER;
    private static final MethodHandle READ_CLASS_DESCRIPTOR;
    private static final MethodHandle DEPTH;
    private static final MethodHandle READ_TYPE_STRING;
    private static final MethodHandle READ_UTF_BODY;
    private static final MethodHandle NEW_FIELD;
    private static final MethodHandle NEW_MODEL;
    private static final MethodHandle COMPUTE_FIELD_OFFSETS;
    /** Setters of a new stream descriptor, in the order {@link #newModel} takes the values. */
    private static final MethodHandle SET_NAME;
    private static final MethodHandle SET_SUID;
    private static final MethodHandle SET_IS_PROXY;
    private static final MethodHandle SET_HAS_WRITE_OBJECT_DATA;
    private static final MethodHandle SET_HAS_BLOCK_EXTERNAL_DATA;
    private static final MethodHandle SET_EXTERNALIZABLE;
    private static final MethodHandle SET_SERIALIZABLE;
    private static final MethodHandle SET_IS_ENUM;
    private static final MethodHandle SET_FIELDS;
    private static final Throwable PROBLEM;

    static {
        MethodHandle[] h = new MethodHandle[34];
        Throwable problem = Privileged.call(() -> lookUp(h));
        PROBLEM = problem;
        if (problem != null) {
            // the patched methods then make the very calls they made before; the rest of the JVM never hears of it
            System.err.println("[serialboost] engine layer is off: " + availability());
        }
        BOUT = h[0];
        BOUT_WRITE = h[1];
        BOUT_SET_BLOCK_DATA_MODE = h[33];
        WRITE_TYPE_STRING = h[2];
        WRITE_CLASS_DESCRIPTOR = h[3];
        PROTOCOL_VERSION = h[4];
        WRITE_NON_PROXY = h[5];
        FIELDS = h[6];
        EXTERNALIZABLE = h[7];
        SERIALIZABLE = h[8];
        HAS_WRITE_OBJECT_DATA = h[9];
        HAS_BLOCK_EXTERNAL_DATA = h[10];
        IS_ENUM = h[11];
        DESERIALIZE_EX = h[12];
        INIT_NON_PROXY = h[13];
        RESOLVE_CLASS = h[14];
        JDK_RESOLVE_CLASS = h[15];
        LATEST_USER_DEFINED_LOADER = h[17];
        READ_CLASS_DESCRIPTOR = h[18];
        DEPTH = h[16];
        READ_TYPE_STRING = h[19];
        READ_UTF_BODY = h[20];
        NEW_FIELD = h[21];
        NEW_MODEL = h[22];
        COMPUTE_FIELD_OFFSETS = h[23];
        SET_NAME = h[24];
        SET_SUID = h[25];
        SET_IS_PROXY = h[26];
        SET_HAS_WRITE_OBJECT_DATA = h[27];
        SET_HAS_BLOCK_EXTERNAL_DATA = h[28];
        SET_EXTERNALIZABLE = h[29];
        SET_SERIALIZABLE = h[30];
        SET_IS_ENUM = h[31];
        SET_FIELDS = h[32];
    }

    /**
     * Finds the handles into {@code h}, in the order of the fields above; what stopped it, or null. Throws when even
     * the calls the patches replaced cannot be reached, which the patched code cannot do without.
     */
    private static Throwable lookUp(final MethodHandle[] h) {
        // the calls the patches replace, which the JDK method made itself (its shape was checked before patching):
        // with java.io open to this module they exist and are accessible, and they are all a fall-back needs
        try {
            MethodHandles.Lookup out = MethodHandles.privateLookupIn(ObjectOutputStream.class, MethodHandles.lookup());
            h[3] = out.findVirtual(ObjectOutputStream.class, "writeClassDescriptor",
                    MethodType.methodType(void.class, ObjectStreamClass.class));
            MethodHandles.Lookup osc = MethodHandles.privateLookupIn(ObjectStreamClass.class, MethodHandles.lookup());
            h[5] = osc.findVirtual(ObjectStreamClass.class, "writeNonProxy",
                    MethodType.methodType(void.class, ObjectOutputStream.class));
            h[13] = osc.findVirtual(ObjectStreamClass.class, "initNonProxy", MethodType.methodType(void.class,
                    ObjectStreamClass.class, Class.class, ClassNotFoundException.class, ObjectStreamClass.class));
            MethodHandles.Lookup in = MethodHandles.privateLookupIn(ObjectInputStream.class, MethodHandles.lookup());
            h[14] = in.findVirtual(ObjectInputStream.class, "resolveClass",
                    MethodType.methodType(Class.class, ObjectStreamClass.class));
            h[18] = in.findVirtual(ObjectInputStream.class, "readClassDescriptor",
                    MethodType.methodType(ObjectStreamClass.class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("a java.io method the patched JDK code calls cannot be reached", e);
        }
        try {
            MethodHandles.Lookup out = MethodHandles.privateLookupIn(ObjectOutputStream.class, MethodHandles.lookup());
            Class<?> bout = Class.forName("java.io.ObjectOutputStream$BlockDataOutputStream");
            h[0] = out.findGetter(ObjectOutputStream.class, "bout", bout)
                    .asType(MethodType.methodType(Object.class, ObjectOutputStream.class));
            h[1] = out.findVirtual(bout, "write", MethodType.methodType(void.class, byte[].class, int.class,
                    int.class, boolean.class)).asType(MethodType.methodType(void.class, Object.class, byte[].class,
                    int.class, int.class, boolean.class));
            h[33] = out.findVirtual(bout, "setBlockDataMode", MethodType.methodType(boolean.class, boolean.class))
                    .asType(MethodType.methodType(void.class, Object.class, boolean.class));
            h[2] = out.findVirtual(ObjectOutputStream.class, "writeTypeString",
                    MethodType.methodType(void.class, String.class));
            h[4] = out.findVirtual(ObjectOutputStream.class, "getProtocolVersion", MethodType.methodType(int.class));

            MethodHandles.Lookup osc = MethodHandles.privateLookupIn(ObjectStreamClass.class, MethodHandles.lookup());
            h[6] = osc.findGetter(ObjectStreamClass.class, "fields", ObjectStreamField[].class);
            h[7] = osc.findGetter(ObjectStreamClass.class, "externalizable", boolean.class);
            h[8] = osc.findGetter(ObjectStreamClass.class, "serializable", boolean.class);
            h[9] = osc.findGetter(ObjectStreamClass.class, "hasWriteObjectData", boolean.class);
            h[10] = osc.findGetter(ObjectStreamClass.class, "hasBlockExternalData", boolean.class);
            h[11] = osc.findGetter(ObjectStreamClass.class, "isEnum", boolean.class);
            Class<?> exceptionInfo = Class.forName("java.io.ObjectStreamClass$ExceptionInfo");
            h[12] = osc.findGetter(ObjectStreamClass.class, "deserializeEx", exceptionInfo)
                    .asType(MethodType.methodType(Object.class, ObjectStreamClass.class));

            MethodHandles.Lookup in = MethodHandles.privateLookupIn(ObjectInputStream.class, MethodHandles.lookup());
            MethodType resolve = MethodType.methodType(Class.class, ObjectStreamClass.class);
            h[15] = in.findSpecial(ObjectInputStream.class, "resolveClass", resolve, ObjectInputStream.class);
            Class<?> vm = Class.forName("jdk.internal.misc.VM");
            h[17] = MethodHandles.lookup().findStatic(vm, "latestUserDefinedLoader",
                    MethodType.methodType(ClassLoader.class));
            h[16] = in.findGetter(ObjectInputStream.class, "depth", long.class);
            h[19] = in.findVirtual(ObjectInputStream.class, "readTypeString", MethodType.methodType(String.class));
            Class<?> bin = Class.forName("java.io.ObjectInputStream$BlockDataInputStream");
            h[20] = MethodHandles.filterArguments(in.findVirtual(bin, "readUTFBody",
                            MethodType.methodType(String.class, long.class)), 0,
                    in.findGetter(ObjectInputStream.class, "bin", bin));
            MethodHandles.Lookup field = MethodHandles.privateLookupIn(ObjectStreamField.class, MethodHandles.lookup());
            h[21] = MethodHandles.insertArguments(field.findConstructor(ObjectStreamField.class,
                    MethodType.methodType(void.class, String.class, String.class, boolean.class)), 2, false);
            h[22] = osc.findConstructor(ObjectStreamClass.class, MethodType.methodType(void.class));
            h[23] = osc.findVirtual(ObjectStreamClass.class, "computeFieldOffsets", MethodType.methodType(void.class));
            h[24] = osc.findSetter(ObjectStreamClass.class, "name", String.class);
            h[25] = osc.findSetter(ObjectStreamClass.class, "suid", Long.class);
            h[26] = osc.findSetter(ObjectStreamClass.class, "isProxy", boolean.class);
            h[27] = osc.findSetter(ObjectStreamClass.class, "hasWriteObjectData", boolean.class);
            h[28] = osc.findSetter(ObjectStreamClass.class, "hasBlockExternalData", boolean.class);
            h[29] = osc.findSetter(ObjectStreamClass.class, "externalizable", boolean.class);
            h[30] = osc.findSetter(ObjectStreamClass.class, "serializable", boolean.class);
            h[31] = osc.findSetter(ObjectStreamClass.class, "isEnum", boolean.class);
            h[32] = osc.findSetter(ObjectStreamClass.class, "fields", ObjectStreamField[].class);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return e;
        }
        return null;
    }

    private Engine() {
    }

    /**
     * Null when the engine can work on this JVM, else why not: then each patched method makes the very call it
     * made before the patch, and the engine does nothing (said once on stderr when this class initializes). Needs
     * {@code java.io} opened and {@code jdk.internal.misc} exported to this class's module, which the agent does
     * before it patches; the handles are made when patched code first calls here, not at start-up.
     */
    public static String availability() {
        return PROBLEM == null ? null : "the engine cannot reach the java.io internals it relies on: " + PROBLEM;
    }

    // ---- write side -------------------------------------------------------------------------------------------

    /** Stands for {@code out.writeClassDescriptor(desc)} in {@code ObjectOutputStream.writeNonProxyDesc}. */
    static void writeClassDescriptor(final ObjectOutputStream out, final ObjectStreamClass desc)
            throws Throwable {
        if (PROBLEM != null || Overrides.WRITE_CLASS_DESCRIPTOR.get(out.getClass())) {
            WRITE_CLASS_DESCRIPTOR.invokeExact(out, desc);
        } else {
            writeNonProxy(desc, out);
        }
    }

    /**
     * Stands for {@code desc.writeNonProxy(out)}, which {@code writeNonProxyDesc} calls directly for protocol
     * version 1 and {@code writeClassDescriptor} calls otherwise.
     */
    static void writeNonProxy(final ObjectStreamClass desc, final ObjectOutputStream out) throws Throwable {
        Class<?> cl = PROBLEM == null ? desc.forClass() : null;
        if (cl != null) {
            Object template = TEMPLATES.get(cl);
            if (template instanceof DescriptorTemplate t && t.desc == desc) {
                t.write(out, (int) PROTOCOL_VERSION.invokeExact(out));
                return;
            }
            DescriptorTemplate converted = FormatSeam.convertedTemplate(cl, desc);
            if (converted != null) {
                converted.write(out, (int) PROTOCOL_VERSION.invokeExact(out));
                return;
            }
        }
        WRITE_NON_PROXY.invokeExact(desc, out);
    }

    /** Appends bytes to the stream's buffer, as its own {@code writeUTF}/{@code writeLong} calls would. */
    static void writeBytes(final ObjectOutputStream out, final byte[] b, final int off, final int len)
            throws Throwable {
        BOUT_WRITE.invokeExact((Object) BOUT.invokeExact(out), b, off, len, true);
    }

    /** Takes a new stream out of block-data mode, the mode {@code writeNonProxyDesc} writes descriptors in. */
    static void leaveBlockDataMode(final ObjectOutputStream out) throws Throwable {
        BOUT_SET_BLOCK_DATA_MODE.invokeExact((Object) BOUT.invokeExact(out), false);
    }

    static void writeTypeString(final ObjectOutputStream out, final String typeString) throws Throwable {
        WRITE_TYPE_STRING.invokeExact(out, typeString);
    }

    static void jdkWriteNonProxy(final ObjectStreamClass desc, final ObjectOutputStream out) throws Throwable {
        WRITE_NON_PROXY.invokeExact(desc, out);
    }

    // ---- read side --------------------------------------------------------------------------------------------

    /**
     * Stands for {@code in.readClassDescriptor()} in {@code ObjectInputStream.readNonProxyDesc} (patched only where
     * the JDK's {@code readNonProxy} is one the agent knows): see {@link DescriptorReader}.
     */
    static ObjectStreamClass readClassDescriptor(final ObjectInputStream in) throws Throwable {
        if (PROBLEM != null || Overrides.READ_CLASS_DESCRIPTOR.get(in.getClass())) {
            return (ObjectStreamClass) READ_CLASS_DESCRIPTOR.invokeExact(in);
        }
        return DescriptorReader.read(in);
    }

    /** Stands for {@code in.resolveClass(desc)} in {@code ObjectInputStream.readNonProxyDesc}. */
    static Class<?> resolveClass(final ObjectInputStream in, final ObjectStreamClass desc) throws Throwable {
        if (PROBLEM != null || Overrides.RESOLVE_CLASS.get(in.getClass())) {
            return (Class<?>) RESOLVE_CLASS.invokeExact(in, desc);
        }
        String name = desc.getName();
        Class<?> cl = ResolvedClasses.find(name, CallerLoader.of(in, (long) DEPTH.invokeExact(in)));
        if (cl == null) {
            // a miss is kept under the loader a walk finds now, the one the JDK's resolveClass asks below, not the
            // one CallerLoader answered for this read: whatever that answer, no later stream can get a class that
            // another loader resolved the name to
            ClassLoader loader = latestUserDefinedLoader();
            cl = ResolvedClasses.find(name, loader);
            if (cl == null) {
                cl = (Class<?>) JDK_RESOLVE_CLASS.invokeExact(in, desc);
                ResolvedClasses.offer(name, loader, cl);
            }
        }
        return cl;
    }

    /**
     * Reported by the converted format where a converted level's {@code readObject} has called
     * {@code defaultReadObject()} and the format reads the level's fields instead of the JDK's code, which
     * {@link #publicRead} would have been reported from: class code is on the stack (see {@link CallerLoader}).
     */
    public static void classCodeReads(final ObjectInputStream in) throws Throwable {
        if (PROBLEM == null) {
            CallerLoader.publicRead(in, (long) DEPTH.invokeExact(in));
        }
    }

    /**
     * Stands for {@code desc.initNonProxy(model, cl, resolveEx, superDesc)} in
     * {@code ObjectInputStream.readNonProxyDesc} (patched only where {@code initNonProxy} is one the agent knows).
     * When a stream descriptor of the same content was bound to {@code cl} before, {@code desc} gets a copy of
     * that binding: the very fields {@code initNonProxy} sets, with this stream's superclass descriptor, the one
     * thing {@code initNonProxy} takes without looking at it. {@code desc} stays this stream's own object.
     */
    static void initNonProxy(final ObjectStreamClass desc, final ObjectStreamClass model, final Class<?> cl,
                                    final ClassNotFoundException resolveEx, final ObjectStreamClass superDesc)
            throws Throwable {
        if (cl != null && resolveEx == null && PROBLEM == null && BoundFields.availability() == null) {
            ObjectStreamClass bound = ResolvedDescriptors.find(cl, model);
            if (bound != null) {
                BoundFields.copy(bound, desc, superDesc);
                return;
            }
            INIT_NON_PROXY.invokeExact(desc, model, cl, resolveEx, superDesc);
            if ((Object) DESERIALIZE_EX.invokeExact(desc) == null) {
                ResolvedDescriptors.offer(cl, model, desc);
            }
            return;
        }
        INIT_NON_PROXY.invokeExact(desc, model, cl, resolveEx, superDesc);
    }

    /** Reported by {@code ObjectInputStream.readObject0} after it raised {@code depth}; see {@link CallerLoader}. */
    static void enteredRead(final ObjectInputStream in, final long depth) {
        if (PROBLEM == null) {
            CallerLoader.entered(in, depth);
        }
    }

    /** Reported by {@code ObjectInputStream.readObject0} after it lowered {@code depth}. */
    static void leftRead(final ObjectInputStream in, final long depth) {
        if (PROBLEM == null) {
            CallerLoader.left(in, depth);
        }
    }

    /**
     * Reported at the start of {@code ObjectInputStream.readObject(Class)}, {@code readUnshared()},
     * {@code defaultReadObject()} and {@code readFields()}, the ways code outside the stream reads from it.
     */
    static void publicRead(final ObjectInputStream in, final long depth) {
        if (PROBLEM == null) {
            CallerLoader.publicRead(in, depth);
        }
    }

    /**
     * {@code jdk.internal.misc.VM.latestUserDefinedLoader()}: the same answer the JDK's {@code resolveClass} gets,
     * since the frames between it and here belong to {@code java.base} and this runtime, which the walk skips.
     */
    static ClassLoader latestUserDefinedLoader() throws Throwable {
        return (ClassLoader) LATEST_USER_DEFINED_LOADER.invokeExact();
    }

    static String readTypeString(final ObjectInputStream in) throws Throwable {
        return (String) READ_TYPE_STRING.invokeExact(in);
    }

    /** The JDK's own decoder of a modified UTF-8 string whose length was read. */
    static String readUtfBody(final ObjectInputStream in, final int length) throws Throwable {
        return (String) READ_UTF_BODY.invokeExact(in, (long) length);
    }

    /** {@code new ObjectStreamField(name, signature, false)}, as {@code readNonProxy} makes a stream field. */
    static ObjectStreamField newField(final String name, final String signature) throws Throwable {
        return (ObjectStreamField) NEW_FIELD.invokeExact(name, signature);
    }

    /** {@code new ObjectStreamClass()}: an empty descriptor, as a stream's read starts with. */
    static ObjectStreamClass newDescriptor() throws Throwable {
        return (ObjectStreamClass) NEW_MODEL.invokeExact();
    }

    /** A stream descriptor with what {@code readNonProxy} sets, then its {@code computeFieldOffsets()}. */
    static ObjectStreamClass newModel(final String name, final long suid, final boolean hasWriteObjectData,
                                      final boolean hasBlockExternalData, final boolean externalizable,
                                      final boolean sflag, final boolean isEnum, final ObjectStreamField[] fields)
            throws Throwable {
        ObjectStreamClass model = newDescriptor();
        SET_NAME.invokeExact(model, name);
        SET_SUID.invokeExact(model, Long.valueOf(suid));
        SET_IS_PROXY.invokeExact(model, false);
        SET_HAS_WRITE_OBJECT_DATA.invokeExact(model, hasWriteObjectData);
        SET_HAS_BLOCK_EXTERNAL_DATA.invokeExact(model, hasBlockExternalData);
        SET_EXTERNALIZABLE.invokeExact(model, externalizable);
        SET_SERIALIZABLE.invokeExact(model, externalizable || sflag);
        SET_IS_ENUM.invokeExact(model, isEnum);
        SET_FIELDS.invokeExact(model, fields);
        COMPUTE_FIELD_OFFSETS.invokeExact(model);
        return model;
    }

    // ---- descriptor fields, for the caches --------------------------------------------------------------------

    static ObjectStreamField[] fields(final ObjectStreamClass desc) throws Throwable {
        return (ObjectStreamField[]) FIELDS.invokeExact(desc);
    }

    static boolean externalizable(final ObjectStreamClass desc) throws Throwable {
        return (boolean) EXTERNALIZABLE.invokeExact(desc);
    }

    /** The flags byte {@code writeNonProxy} writes for {@code desc} under a protocol version. */
    static byte descriptorFlags(final ObjectStreamClass desc, final int protocol) throws Throwable {
        int flags = 0;
        boolean writeMethod = (boolean) HAS_WRITE_OBJECT_DATA.invokeExact(desc);
        if ((boolean) EXTERNALIZABLE.invokeExact(desc)) {
            flags |= ObjectStreamConstants.SC_EXTERNALIZABLE;
            // a converted view (the only Externalizable descriptor with SC_WRITE_METHOD) is never framed, but has
            // SC_BLOCK_DATA whatever the protocol when its level has methods of its own (custom data follows), as
            // the converted format has the JDK's writeNonProxy write it (FormatSeam)
            if (writeMethod ? FormatSeam.convertedWithOwnMethods(desc.forClass())
                    : protocol != ObjectStreamConstants.PROTOCOL_VERSION_1) {
                flags |= ObjectStreamConstants.SC_BLOCK_DATA;
            }
        } else if ((boolean) SERIALIZABLE.invokeExact(desc)) {
            flags |= ObjectStreamConstants.SC_SERIALIZABLE;
        }
        if (writeMethod) {
            flags |= ObjectStreamConstants.SC_WRITE_METHOD;
        }
        if ((boolean) IS_ENUM.invokeExact(desc)) {
            flags |= ObjectStreamConstants.SC_ENUM;
        }
        return (byte) flags;
    }

    /**
     * Everything {@code initNonProxy} takes from a stream descriptor besides its name, serialVersionUID and fields:
     * the flags as read ({@code hasBlockExternalData} included), as one number.
     */
    static int streamFlags(final ObjectStreamClass model) throws Throwable {
        return ((boolean) EXTERNALIZABLE.invokeExact(model) ? 1 : 0)
                | ((boolean) SERIALIZABLE.invokeExact(model) ? 2 : 0)
                | ((boolean) HAS_WRITE_OBJECT_DATA.invokeExact(model) ? 4 : 0)
                | ((boolean) HAS_BLOCK_EXTERNAL_DATA.invokeExact(model) ? 8 : 0)
                | ((boolean) IS_ENUM.invokeExact(model) ? 16 : 0);
    }
}
