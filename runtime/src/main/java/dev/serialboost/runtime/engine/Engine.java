package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.Overrides;
import dev.serialboost.runtime.jdk.JdkBlockDataInputStream;
import dev.serialboost.runtime.jdk.JdkBlockDataOutputStream;
import dev.serialboost.runtime.jdk.JdkLookup;
import dev.serialboost.runtime.jdk.JdkObjectInputStream;
import dev.serialboost.runtime.jdk.JdkObjectOutputStream;
import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import dev.serialboost.runtime.jdk.JdkObjectStreamField;
import dev.serialboost.runtime.jdk.JdkVm;
import java.io.ByteArrayInputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamConstants;
import java.io.ObjectStreamField;

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
 * Each entry falls through to the JDK's own code on a miss or any doubt. Entries are package-private: once
 * installed in {@code java.io}, only the patched JDK classes there can link to them (the class is public only for
 * the converted format's package at compile time; installed, it is package-private). They declare {@code
 * Throwable} because they rethrow, unchanged, whatever the JDK code they stand for throws.
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

    /** Why the engine is off (the first of the groups of JDK members it uses that cannot be had), or null. */
    private static final Throwable PROBLEM = JdkLookup.firstProblem(JdkObjectStreamClass.PROBLEM,
            JdkObjectOutputStream.PROBLEM, JdkBlockDataOutputStream.PROBLEM, JdkObjectInputStream.PROBLEM,
            JdkBlockDataInputStream.PROBLEM, JdkObjectStreamField.PROBLEM, JdkVm.PROBLEM);

    static {
        // the calls the patches replace, which the JDK method made itself (its shape was checked before patching):
        // with java.io open to the runtime they exist and are accessible, and they are all a fall-back needs
        if (JdkObjectOutputStream.WRITE_CLASS_DESCRIPTOR == null || JdkObjectStreamClass.WRITE_NON_PROXY == null
                || JdkObjectStreamClass.INIT_NON_PROXY == null || JdkObjectInputStream.RESOLVE_CLASS == null
                || JdkObjectInputStream.READ_CLASS_DESCRIPTOR == null) {
            throw new IllegalStateException("a java.io method the patched JDK code calls cannot be reached", PROBLEM);
        }
        if (PROBLEM != null) {
            // the patched methods then make the very calls they made before; the rest of the JVM never hears of it
            System.err.println("[serialboost] engine layer is off: " + availability());
        }
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
            if (Statistics.on) {
                Statistics.count(PROBLEM != null ? Statistics.UNAVAILABLE : Statistics.WRITE_DESCRIPTOR_OVERRIDDEN);
            }
            JdkObjectOutputStream.WRITE_CLASS_DESCRIPTOR.invokeExact(out, desc);
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
                t.write(out, (int) JdkObjectOutputStream.GET_PROTOCOL_VERSION.invokeExact(out));
                if (Statistics.on) {
                    templateUsed(cl, t);
                }
                return;
            }
            DescriptorTemplate converted = FormatSeam.convertedTemplate(cl, desc);
            if (converted != null) {
                converted.write(out, (int) JdkObjectOutputStream.GET_PROTOCOL_VERSION.invokeExact(out));
                if (Statistics.on) {
                    templateUsed(cl, converted);
                }
                return;
            }
        }
        if (Statistics.on) {
            Statistics.count(Statistics.TEMPLATE_NONE);
        }
        JdkObjectStreamClass.WRITE_NON_PROXY.invokeExact(desc, out);
    }

    private static void templateUsed(final Class<?> cl, final DescriptorTemplate template) {
        Statistics.count(Statistics.TEMPLATE_USED);
        Statistics.descriptorWritten(cl, template.constantBytes());
    }

    /** Appends bytes to the stream's buffer, as its own {@code writeUTF}/{@code writeLong} calls would. */
    static void writeBytes(final ObjectOutputStream out, final byte[] b, final int off, final int len)
            throws Throwable {
        Object bout = (Object) JdkObjectOutputStream.BOUT.invokeExact(out);
        JdkBlockDataOutputStream.WRITE.invokeExact(bout, b, off, len, true);
    }

    /** Takes a new stream out of block-data mode, the mode {@code writeNonProxyDesc} writes descriptors in. */
    static void leaveBlockDataMode(final ObjectOutputStream out) throws Throwable {
        Object bout = (Object) JdkObjectOutputStream.BOUT.invokeExact(out);
        boolean unused = (boolean) JdkBlockDataOutputStream.SET_BLOCK_DATA_MODE.invokeExact(bout, false);
    }

    // ---- read side --------------------------------------------------------------------------------------------

    /**
     * Stands for {@code in.readClassDescriptor()} in {@code ObjectInputStream.readNonProxyDesc} (patched only where
     * the JDK's {@code readNonProxy} is one the agent knows): see {@link DescriptorReader}.
     */
    static ObjectStreamClass readClassDescriptor(final ObjectInputStream in) throws Throwable {
        if (PROBLEM != null || Overrides.READ_CLASS_DESCRIPTOR.get(in.getClass())) {
            if (Statistics.on) {
                Statistics.count(PROBLEM != null ? Statistics.UNAVAILABLE : Statistics.READ_DESCRIPTOR_OVERRIDDEN);
            }
            return (ObjectStreamClass) JdkObjectInputStream.READ_CLASS_DESCRIPTOR.invokeExact(in);
        }
        if (Statistics.on) {
            Statistics.count(Statistics.DESCRIPTOR_READ);
        }
        return DescriptorReader.read(in);
    }

    /** Stands for {@code in.resolveClass(desc)} in {@code ObjectInputStream.readNonProxyDesc}. */
    static Class<?> resolveClass(final ObjectInputStream in, final ObjectStreamClass desc) throws Throwable {
        if (PROBLEM != null || Overrides.RESOLVE_CLASS.get(in.getClass())) {
            if (Statistics.on) {
                Statistics.count(PROBLEM != null ? Statistics.UNAVAILABLE : Statistics.RESOLVE_CLASS_OVERRIDDEN);
            }
            return (Class<?>) JdkObjectInputStream.RESOLVE_CLASS.invokeExact(in, desc);
        }
        String name = desc.getName();
        long depth = (long) JdkObjectInputStream.DEPTH.invokeExact(in);
        Class<?> cl = ResolvedClasses.find(name, CallerLoader.of(in, depth));
        if (cl == null) {
            // a miss is kept under the loader a walk finds now, the one the JDK's resolveClass asks below, not the
            // one CallerLoader answered for this read: whatever that answer, no later stream can get a class that
            // another loader resolved the name to
            ClassLoader loader = latestUserDefinedLoader();
            cl = ResolvedClasses.find(name, loader);
            if (cl == null) {
                cl = (Class<?>) JdkObjectInputStream.OWN_RESOLVE_CLASS.invokeExact(in, desc);
                ResolvedClasses.offer(name, loader, cl);
                if (Statistics.on) {
                    Statistics.count(Statistics.CLASS_RESOLVED);
                }
                return cl;
            }
        }
        if (Statistics.on) {
            Statistics.count(Statistics.CLASS_FROM_CACHE);
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
            CallerLoader.publicRead(in, (long) JdkObjectInputStream.DEPTH.invokeExact(in));
        }
    }

    /**
     * For the converted format, which reads an object's shape and primitives where they are when it can: the {@code
     * ByteArrayInputStream} whose buffer holds the next bytes of {@code in} as {@code readFully} would read them
     * (outside block data, through a peek stream with nothing peeked, from exactly such a stream), or null. Nothing
     * is read; {@link #placeBelow} says where they are, {@link #takeBelow} takes them.
     */
    public static ByteArrayInputStream bytesBelow(final ObjectInputStream in) throws Throwable {
        return ArrayReads.arrayBelow(in);
    }

    /**
     * Where the next {@code bytes} bytes of {@code array} ({@link #bytesBelow} a stream), whose buffer is {@code buf},
     * start in {@code buf}, or -1 when fewer are there; nothing is read.
     */
    public static int placeBelow(final ByteArrayInputStream array, final byte[] buf, final int bytes)
            throws Throwable {
        return ArrayReads.at(array, buf, bytes);
    }

    /**
     * Takes the next {@code bytes} bytes of {@code in} from {@code array}, {@link #bytesBelow} {@code in}, whose buffer
     * is {@code buf}, as {@code readFully} would read them (the array stream's position and the count of bytes read
     * that filters are given move past them): returns where they start in {@code buf}, or -1, nothing read, when
     * fewer are there.
     */
    public static int takeBelow(final ObjectInputStream in, final ByteArrayInputStream array, final byte[] buf,
                                final int bytes) throws Throwable {
        return ArrayReads.take(in, array, buf, bytes);
    }

    /**
     * Reported by the converted format when its loop in {@code readExternalData} reads a converted object's next
     * reference with the stream's {@code readObject(Object.class)}, from {@code java.io}'s own frame: that read is not
     * class code reading (see {@link CallerLoader#loopReads}), so descriptors below it keep the loader found for the
     * top-level read instead of walking the stack for each.
     */
    public static void loopReads(final ObjectInputStream in) {
        if (PROBLEM == null) {
            CallerLoader.loopReads(in);
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
                if (Statistics.on) {
                    Statistics.count(Statistics.BINDING_COPIED);
                }
                return;
            }
            if (Statistics.on) {
                Statistics.count(Statistics.BINDING_MADE);
            }
            // kept whatever the binding says of deserializing (an enum's, a class invalid for it: its deserializeEx,
            // the same for the same inputs): initNonProxy either throws, and nothing is kept, or made the binding
            JdkObjectStreamClass.INIT_NON_PROXY.invokeExact(desc, model, cl, resolveEx, superDesc);
            ResolvedDescriptors.offer(cl, model, desc);
            return;
        }
        JdkObjectStreamClass.INIT_NON_PROXY.invokeExact(desc, model, cl, resolveEx, superDesc);
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
        return (ClassLoader) JdkVm.LATEST_USER_DEFINED_LOADER.invokeExact();
    }

    /** The JDK's own decoder of a modified UTF-8 string whose length was read. */
    static String readUtfBody(final ObjectInputStream in, final int length) throws Throwable {
        Object bin = (Object) JdkObjectInputStream.BIN.invokeExact(in);
        return (String) JdkBlockDataInputStream.READ_UTF_BODY.invokeExact(bin, (long) length);
    }

    /** {@code new ObjectStreamField(name, signature, false)}, as {@code readNonProxy} makes a stream field. */
    static ObjectStreamField newField(final String name, final String signature) throws Throwable {
        return (ObjectStreamField) JdkObjectStreamField.NEW.invokeExact(name, signature, false);
    }

    /** A stream descriptor with what {@code readNonProxy} sets, then its {@code computeFieldOffsets()}. */
    static ObjectStreamClass newModel(final String name, final long suid, final boolean hasWriteObjectData,
                                      final boolean hasBlockExternalData, final boolean externalizable,
                                      final boolean sflag, final boolean isEnum, final ObjectStreamField[] fields)
            throws Throwable {
        ObjectStreamClass model = (ObjectStreamClass) JdkObjectStreamClass.NEW.invokeExact();
        JdkObjectStreamClass.SET_NAME.invokeExact(model, name);
        JdkObjectStreamClass.SET_SUID.invokeExact(model, Long.valueOf(suid));
        JdkObjectStreamClass.SET_IS_PROXY.invokeExact(model, false);
        JdkObjectStreamClass.SET_HAS_WRITE_OBJECT_DATA.invokeExact(model, hasWriteObjectData);
        JdkObjectStreamClass.SET_HAS_BLOCK_EXTERNAL_DATA.invokeExact(model, hasBlockExternalData);
        JdkObjectStreamClass.SET_EXTERNALIZABLE.invokeExact(model, externalizable);
        JdkObjectStreamClass.SET_SERIALIZABLE.invokeExact(model, externalizable || sflag);
        JdkObjectStreamClass.SET_IS_ENUM.invokeExact(model, isEnum);
        JdkObjectStreamClass.SET_FIELDS.invokeExact(model, fields);
        JdkObjectStreamClass.COMPUTE_FIELD_OFFSETS.invokeExact(model);
        return model;
    }

    // ---- descriptor flags, for the caches ---------------------------------------------------------------------

    /** The flags byte {@code writeNonProxy} writes for {@code desc} under a protocol version. */
    static byte descriptorFlags(final ObjectStreamClass desc, final int protocol) throws Throwable {
        int flags = 0;
        boolean writeMethod = (boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(desc);
        if ((boolean) JdkObjectStreamClass.EXTERNALIZABLE.invokeExact(desc)) {
            flags |= ObjectStreamConstants.SC_EXTERNALIZABLE;
            // a converted view (the only Externalizable descriptor with SC_WRITE_METHOD) is never framed, but has
            // SC_BLOCK_DATA whatever the protocol when its level has methods of its own (custom data follows), as
            // the converted format has the JDK's writeNonProxy write it (FormatSeam)
            if (writeMethod ? FormatSeam.convertedWithOwnMethods(desc.forClass())
                    : protocol != ObjectStreamConstants.PROTOCOL_VERSION_1) {
                flags |= ObjectStreamConstants.SC_BLOCK_DATA;
            }
        } else if ((boolean) JdkObjectStreamClass.SERIALIZABLE.invokeExact(desc)) {
            flags |= ObjectStreamConstants.SC_SERIALIZABLE;
        }
        if (writeMethod) {
            flags |= ObjectStreamConstants.SC_WRITE_METHOD;
        }
        if ((boolean) JdkObjectStreamClass.IS_ENUM.invokeExact(desc)) {
            flags |= ObjectStreamConstants.SC_ENUM;
        }
        return (byte) flags;
    }

    /**
     * Everything {@code initNonProxy} takes from a stream descriptor besides its name, serialVersionUID and fields:
     * the flags as read ({@code hasBlockExternalData} included), as one number.
     */
    static int streamFlags(final ObjectStreamClass model) throws Throwable {
        return ((boolean) JdkObjectStreamClass.EXTERNALIZABLE.invokeExact(model) ? 1 : 0)
                | ((boolean) JdkObjectStreamClass.SERIALIZABLE.invokeExact(model) ? 2 : 0)
                | ((boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(model) ? 4 : 0)
                | ((boolean) JdkObjectStreamClass.HAS_BLOCK_EXTERNAL_DATA.invokeExact(model) ? 8 : 0)
                | ((boolean) JdkObjectStreamClass.IS_ENUM.invokeExact(model) ? 16 : 0);
    }
}
