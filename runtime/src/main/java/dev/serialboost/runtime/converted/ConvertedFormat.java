package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.ApplicationFacing;
import dev.serialboost.runtime.Overrides;
import dev.serialboost.runtime.engine.Engine;
import dev.serialboost.runtime.engine.FormatSeam;
import dev.serialboost.runtime.jdk.JdkByteArrayInputStream;
import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamConstants;
import java.io.ObjectStreamField;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The converted format, seen only by the JDK's stream engine. A class serialboost converted stays what it was
 * (no new interface, constructor or visible behaviour); it only carries synthetic {@code $sb$} bodies. The JDK's
 * methods the agent patches (see {@code dev.serialboost.transformer.converted.ConvertedFormatPatches}) call this class:
 * <ul>
 *   <li>{@code ObjectOutputStream.writeObject0} looks descriptors up through {@link #lookupForWrite}: for an object
 *       of exactly a converted class it gets the class's <em>converted view</em>, a descriptor the JDK's own
 *       constructor builds as if the class were {@code Externalizable} (its data unframed, see {@link
 *       #descriptorProtocol}), with the class's serializable fields in the order the generated body writes them,
 *       and the constructor and exception state of the class's ordinary descriptor. The JDK then writes the object
 *       as an {@code Externalizable} one, its descriptor with that field list (once per stream), and {@code
 *       writeExternalData}, for an object that is not {@code Externalizable}, writes its data with {@link
 *       #writeStep}: the object's shape ({@link ConvertedShape}), the generated bodies' primitives, and each
 *       reference from its own frame.</li>
 *   <li>{@code ObjectStreamClass.initNonProxy} passes its local descriptor through {@link #localDescriptor}: a
 *       stream descriptor in the converted layout is bound to the converted view (so the object is instantiated
 *       as plain JDK instantiates a {@code Serializable} class, its first non-serializable superclass's no-arg
 *       constructor; its {@code matchFields} refuses a changed primitive type as for plain data), and
 *       {@code readExternalData}, for an object that is not {@code Externalizable}, reads its data with {@link
 *       #readBegin} and {@link #readNext}: with the generated bodies for data of this class's shape, with {@link
 *       EvolvedRead} (field by field as the JDK reads, in the same loop) for data of another. A plain stream
 *       descriptor meets the class's ordinary descriptor and is read by the JDK as without the agent.</li>
 *   <li>The descriptor constructor asks {@link #externalizableView} whether the class it describes is
 *       {@code Externalizable}: yes only while this class builds a converted view.</li>
 * </ul>
 * Everything else, {@code ObjectStreamClass.lookup} included, sees the ordinary descriptor. A subclass serialboost
 * did not convert, a class whose bodies cannot be reached, or anything unexpected gets no view: the JDK writes it
 * in the plain format, which is always correct.
 *
 * <p>This class holds the hooks, with their names and types as the patches call them. The views are {@link
 * ConvertedViews}' ({@link ConvertedView}, {@link ConvertedLevel}, their descriptors {@link ViewDescriptors}'); an
 * object being read is a {@link ConvertedReading}; which local descriptor a stream descriptor meets is {@link
 * ViewBinding}'s; what the engine is told, {@link FormatSeamAnswers}'. The hooks of an object's data keep their bodies
 * here, not in a class they would call: the nesting of a graph passes through some of them (a level written or read
 * with its class's own methods, a reference read past), and a call more would be a frame more per nesting level.
 */
@ApplicationFacing
public final class ConvertedFormat {

    /**
     * Whether this JVM's {@code instanceof} of an interface the object's class does not implement scans the class's
     * interfaces: JDK 17 (measured on 17.0.15: about 14 ns a test, against 0.3 ns when the class implements it);
     * 21.0.8 and 25 look it up in a table (0.3-0.7 ns either way; JDK-8180450, backported to 21).
     */
    private static final boolean SCANNING_INTERFACE_TEST = Runtime.version().feature() < 21;

    /**
     * What {@link #writeStep} returns when the object's data is complete (the patched {@code writeExternalData} loops
     * until it sees it).
     */
    static final Object END = new Object();
    /**
     * What the patched {@code readExternalData} passes to {@link #readNext} for a reference whose read threw a {@code
     * ClassNotFoundException} (the stream has recorded it for the object being read, as for plain data).
     */
    static final Object MISSING = new Object();
    /**
     * What {@link #writeBegin} and {@link #readBegin} return for an {@code Externalizable} object (the JDK's own call
     * of its method writes or reads it), and {@link #readRecord} for a record's data in the plain format (the JDK's
     * code reads it).
     */
    static final Object NOT_CONVERTED = new Object();

    /**
     * Classes the JDK's stream code names in a catch clause and may not have loaded yet ({@code EOFException} in
     * {@code BlockDataInputStream.readBlockHeader}): a {@code StackOverflowError} passing such a clause has the JVM
     * load the class on a nearly exhausted stack, and the call of the agent's class-file transformer for it then
     * overflows inside the JDK's instrumentation code, which prints {@code java.lang.instrument ASSERTION FAILED}.
     * Loaded with this class, on a shallow stack.
     */
    private static final List<Class<?>> CAUGHT_BY_THE_JDK = List.of(EOFException.class, InvalidClassException.class);

    static {
        if (ConvertedViews.PROBLEM == null) {
            FormatSeam.register(new FormatSeamAnswers());
        }
    }

    private ConvertedFormat() {
    }

    /** Null when the converted format can work on this JVM, else why not (the agent then leaves the JDK alone). */
    public static String availability() {
        if (ConvertedViews.availability() != null) {
            return ConvertedViews.availability();
        }
        if (EvolvedRead.availability() != null) {
            return EvolvedRead.availability();
        }
        return DescriptorOverrides.availability() != null ? DescriptorOverrides.availability()
                : GeneratedCode.finalFieldsProblem();
    }

    // ---- write side ---------------------------------------------------------------------------------------------

    /**
     * Stands for {@code ObjectStreamClass.lookup(cl, all)} in {@code ObjectOutputStream.writeObject0}/{@code
     * writeClass} of the stream {@code out}: the converted view of a converted class, unless the stream class writes
     * class descriptors of its own ({@code writeClassDescriptor}: some write only the class name, which their reader
     * turns back into the class's ordinary descriptor, so the data must be the plain format's) or overrides a
     * primitive write ({@code writeInt}...: the converted bodies write an object's primitives with those methods,
     * where the JDK writes a plain object's fields without them, so such a stream would see calls it never sees
     * without the agent).
     */
    static ObjectStreamClass lookupForWrite(final Class<?> cl, final boolean all, final ObjectOutputStream out)
            throws Throwable {
        if (out.getClass() != ObjectOutputStream.class && Overrides.PLAIN_FORMAT_WRITES.get(out.getClass())) {
            return (ObjectStreamClass) JdkObjectStreamClass.LocalDescriptors.LOOKUP.invokeExact(cl, all);
        }
        if (all) {
            ObjectStreamClass desc = WRITTEN_AS.get(cl);
            if (desc != null) {
                return desc;
            }
        }
        // the JDK's lookup threw for it (it throws again here), or a lookup the JDK's stream code never makes
        ConvertedView view = ConvertedViews.of(cl);
        return view.desc != null ? view.desc
                : (ObjectStreamClass) JdkObjectStreamClass.LocalDescriptors.LOOKUP.invokeExact(cl, all);
    }

    /**
     * Per class, what {@link #lookupForWrite} answers a stream that writes descriptors the JDK's way: the converted
     * view's descriptor, else the JDK's {@code lookup(cl, true)}; null when that threw (asked again then). One
     * {@code ClassValue} look-up per object written, where the JDK's lookup costs a look-up of its own (on 17 a key
     * allocated, a reference queue polled, a concurrent map and a soft reference read) after the view's. Exact: the
     * JDK's lookup gives one descriptor per class for as long as any stream holds it (a stream's handle table keeps
     * it strongly reachable, so its soft reference is not cleared meanwhile), and a descriptor only refers to its
     * class, its superclasses' descriptors and its fields' types, which its class's loader sees: held by the class's
     * own {@code ClassValue}, it keeps no loader reachable that the class does not (JDK 18 and later cache local
     * descriptors the same way).
     */
    private static final ClassValue<ObjectStreamClass> WRITTEN_AS = new ClassValue<>() {
        @Override
        protected ObjectStreamClass computeValue(final Class<?> type) {
            ConvertedView view = ConvertedViews.of(type);
            if (view.desc != null) {
                return view.desc;
            }
            try {
                return (ObjectStreamClass) JdkObjectStreamClass.LocalDescriptors.LOOKUP.invokeExact(type, true);
            } catch (Throwable t) {
                return null;
            }
        }
    };

    // ---- framing: a converted object's data is not framed as block data ---------------------------------------------
    //
    // The JDK frames an Externalizable object's data as block data (protocol 2) so that a reader can skip data it
    // cannot interpret: a class it cannot find, or a readExternal that reads less than was written. A converted
    // object's data needs no frame: its stream descriptors list every level's fields, and the data is exactly those
    // fields after the 4-byte shape, so a reader knows its length without one. Framing cost a block header and a
    // drain of the stream's buffer into the underlying stream per object, and a refill and an end-of-data check on
    // reading (about a quarter of a long stream's time). So converted data is written as the JDK writes an
    // Externalizable object under protocol 1, in the stream's ordinary buffered mode, and its descriptor says so:
    // SC_EXTERNALIZABLE | SC_WRITE_METHOD, without SC_BLOCK_DATA. SC_WRITE_METHOD, which the JDK never sets for an
    // Externalizable class, is the mark of converted data: a reader that cannot find the class skips the data by its
    // descriptors' fields (blockedOrSkipped). Data written framed, by earlier versions, still reads: the JDK's own
    // readExternalData frames what the descriptor's flags say.

    /**
     * Takes {@code out.getProtocolVersion()} in {@code ObjectStreamClass.writeNonProxy}, where it decides whether
     * an {@code Externalizable} descriptor gets SC_BLOCK_DATA: protocol 1 (no frame) for a converted view.
     */
    static int descriptorProtocol(final int protocol, final ObjectStreamClass desc) throws Throwable {
        if (!(boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(desc)) {
            return protocol;
        }
        // a level written with its class's own methods carries block data (custom data, TC_ENDBLOCKDATA):
        // SC_BLOCK_DATA says so to a reader that must read it past (see blockedOrSkipped)
        return ConvertedViews.customMethods(desc.forClass()) != null ? ObjectStreamConstants.PROTOCOL_VERSION_2
                : ObjectStreamConstants.PROTOCOL_VERSION_1;
    }

    /**
     * Stands for the stream's {@code protocol} in {@code ObjectOutputStream.writeExternalData(obj)}, which frames the
     * data as block data unless it is protocol 1: protocol 1 for an object that is not {@code Externalizable} (the
     * method gets one only with a converted view).
     */
    static int dataProtocol(final int protocol, final Object obj) {
        return isExternalizable(obj) ? protocol : ObjectStreamConstants.PROTOCOL_VERSION_1;
    }

    /**
     * {@code obj instanceof Externalizable}, where the patched {@code writeExternalData} and {@code readExternalData}
     * tell an {@code Externalizable} object from a converted one. Where the JVM's test against an interface the class
     * does not implement scans the class's interfaces every time ({@link #SCANNING_INTERFACE_TEST}), which is what
     * every converted object's test was, a converted object answers from its view: a {@code ClassValue} lookup of a
     * few nanoseconds.
     */
    static boolean isExternalizable(final Object obj) {
        return SCANNING_INTERFACE_TEST ? dataView(obj) == null : obj instanceof Externalizable;
    }

    /**
     * Null when {@code obj} is {@code Externalizable}, else its class's converted view ({@link ConvertedViews#PLAIN}
     * if none): the test of {@link #isExternalizable} and the lookup of the view in one.
     */
    private static ConvertedView dataView(final Object obj) {
        if (!SCANNING_INTERFACE_TEST && obj instanceof Externalizable) {
            return null;
        }
        ConvertedView view = ConvertedViews.of(obj.getClass());
        return view.desc == null && obj instanceof Externalizable ? null : view;
    }

    /**
     * Stands for {@code desc.hasBlockExternalData()} in {@code ObjectInputStream.readExternalData(obj, desc)}: the
     * same answer, but false for converted data (which has SC_BLOCK_DATA only when its class's level was written
     * with the class's own methods: that block data is the level's, not a frame around the object); and when there
     * is no object to read into ({@code obj} null: the class was not found, or cannot be instantiated) and the
     * descriptor marks unframed converted data, first reads that data past, as the JDK reads past a plain object's
     * fields in that case: the shape, then, level by level from the topmost, the level's
     * primitives and each of its references (so they get their handles, and later references to them resolve), and
     * a level written with its class's own methods up to its end marker.
     */
    static boolean blockedOrSkipped(final ObjectStreamClass desc, final Object obj, final ObjectInputStream in)
            throws IOException {
        try {
            boolean blocked = (boolean) JdkObjectStreamClass.HAS_BLOCK_EXTERNAL_DATA.invokeExact(desc);
            if ((boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(desc)) {
                if (obj != null) {
                    return false;
                }
                List<ObjectStreamClass> levels = new ArrayList<>();
                for (ObjectStreamClass level = desc; level != null;
                        level = (ObjectStreamClass) JdkObjectStreamClass.SUPER_DESC.invokeExact(level)) {
                    levels.add(0, level);
                }
                in.readInt();
                for (ObjectStreamClass level : levels) {
                    ObjectStreamField[] fields = (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(level);
                    in.readFully(new byte[ConvertedLevel.primitiveBytes(fields)]);
                    for (ObjectStreamField f : fields) {
                        if (!f.isPrimitive()) {
                            try {
                                in.readObject();
                            } catch (ClassNotFoundException e) {
                                // recorded for the object being read, as plain data's are
                            }
                        }
                    }
                    if (ViewBinding.customData(level)) {
                        CustomLevels.end(in, true);
                    }
                }
                return false;
            }
            return blocked;
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception reading past " + desc.getName(), t);
        }
    }

    /**
     * Stands, with the loop around it, for {@code obj.writeExternal(out)} in {@code
     * ObjectOutputStream.writeExternalData}: {@link #NOT_CONVERTED} when {@code obj} is {@code Externalizable} (the
     * JDK's call stays for it), else the first {@linkplain ConvertedView.Step step} of writing it with its converted
     * view (the method gets an object that is not {@code Externalizable} only with that view's descriptor).
     */
    static Object writeBegin(final Object obj) throws InvalidClassException {
        ConvertedView view = dataView(obj);
        if (view == null) {
            return NOT_CONVERTED;
        }
        if (view.desc == null) {
            throw new InvalidClassException(obj.getClass().getName(), "not Externalizable and not converted");
        }
        return view.firstStep;
    }

    /**
     * Writes one step of {@code obj}'s data ({@code step} from {@link #writeBegin}, then from {@link #nextStep}) and
     * returns its reference, which the patched {@code writeExternalData} writes with {@code writeObject} in its own
     * frame, or {@link #END} after the last step. The first step writes the object's shape; each step the primitives
     * of the levels before its reference (data order: level after level, each level's primitives, then its
     * references); the last step the primitives of the levels left. So the nesting of the graph never passes through
     * this class or the generated bodies: per level of the graph, the stack holds {@code writeObject0}, {@code
     * writeOrdinaryObject}, {@code writeExternalData} and {@code writeObject}, fewer and smaller frames than the plain
     * format's.
     */
    static Object writeStep(final Object obj, final ObjectOutput out, final Object step) throws IOException {
        ConvertedView.Step s = (ConvertedView.Step) step;
        try {
            ConvertedLevel[] levels = s.view.levels;
            if (s.first) {
                out.writeInt(s.view.shape);
            }
            for (int k = s.from; k <= s.to; k++) {
                ConvertedLevel level = levels[k];
                if (level.custom != null) {
                    CustomLevels.write(obj, level.desc, level.custom, (ObjectOutputStream) out);
                } else if (level.bulk != null) {
                    level.bulk.write(obj, out);
                } else if (level.write != null) {
                    level.write.invokeExact(obj, out);
                }
            }
            return s.next == null ? END : (Object) levels[s.to].ref.invokeExact(obj, s.refIndex);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception writing " + obj.getClass().getName(), t);
        }
    }

    /** The step after {@code step} (never called after the last). */
    static Object nextStep(final Object step) {
        return ((ConvertedView.Step) step).next;
    }

    /**
     * Runs at the start of {@code ObjectOutputStream.defaultWriteObject()}: when the stream's callback context is a
     * converted level's with methods of its own (its class's {@code writeObject} called it), starts writing the
     * level's default part with the level's generated code, as the JDK's code would write it ({@link
     * CustomLevels#defaultWriteBegin}), and returns what the patched method hands to {@link #defaultWriteNext}; else
     * null, and the JDK's code runs. The patched method is
     * <pre>
     * Object w = ConvertedFormat.defaultWriteBegin(this);
     * if (w != null) {
     *     for (int i = 0; ; i++) {
     *         Object ref = ConvertedFormat.defaultWriteNext(this, w, i);
     *         if (ref == ConvertedFormat.END) return;
     *         writeObject0(ref, false);
     *     }
     * }
     * ... the JDK's code</pre>
     */
    static Object defaultWriteBegin(final ObjectOutputStream out) throws IOException {
        try {
            CustomLevels.Callback call = CustomLevels.callback(CustomLevels.writeContext(out));
            if (call == null) {
                return null;
            }
            for (ConvertedLevel level : ConvertedViews.of(call.obj().getClass()).levels) {
                if (level.desc == call.desc() && level.custom != null) {
                    return CustomLevels.defaultWriteBegin(call.context(), out, level);
                }
            }
            return null;
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception in defaultWriteObject", t);
        }
    }

    /** The reference {@code i} of the default part {@link #defaultWriteBegin} started, or {@link #END} after the last. */
    static Object defaultWriteNext(final ObjectOutputStream out, final Object write, final int i)
            throws IOException {
        try {
            return CustomLevels.defaultWriteNext(out, (CustomLevels.DefaultWrite) write, i);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception in defaultWriteObject", t);
        }
    }

    /**
     * Runs at the start of {@code ObjectInputStream.defaultReadObject()}: when the stream's callback context is a
     * level with methods of its own of a converted class and the stream's descriptor of it has the local level's
     * fields (the JDK bound it to the same field reflector: same names, types and order), starts reading the level's
     * default part with the level's generated code, as the JDK's code would read it ({@link
     * CustomLevels#defaultReadBegin}), and returns the read under way (or {@link #END} when the level has no
     * references); else null, and the JDK's code runs (data of another shape, or a class read plain). The patched
     * method is
     * <pre>
     * Object r = ConvertedFormat.defaultReadBegin(this);
     * if (r != null) {
     *     while (r != ConvertedFormat.END) {
     *         r = ConvertedFormat.defaultReadNext(this, r, readObject0(Object.class, false));
     *     }
     *     return;
     * }
     * ... the JDK's code</pre>
     */
    static Object defaultReadBegin(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        try {
            CustomLevels.Callback call = CustomLevels.callback(CustomLevels.readContext(in));
            if (call == null) {
                return null;
            }
            ConvertedView view = ConvertedViews.of(call.obj().getClass());
            if (view.desc == null) {
                return null;
            }
            Object reflector = (Object) JdkObjectStreamClass.FIELD_REFL.invokeExact(call.desc());
            for (ConvertedLevel level : view.levels) {
                if (level.custom != null
                        && (Object) JdkObjectStreamClass.FIELD_REFL.invokeExact(level.desc) == reflector) {
                    // the class's readObject called defaultReadObject: the fields are resolved as class code reads
                    Engine.classCodeReads(in);
                    return CustomLevels.defaultReadBegin(call.context(), in, call.desc(), level);
                }
            }
            return null;
        } catch (IOException | ClassNotFoundException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception in defaultReadObject", t);
        }
    }

    /**
     * Takes the next reference of the default part {@link #defaultReadBegin} started: returns the same read while
     * more are to come, else {@link #END}, the level's fields stored (or the {@code ClassNotFoundException} the object
     * carries thrown).
     */
    static Object defaultReadNext(final ObjectInputStream in, final Object read, final Object reference)
            throws IOException, ClassNotFoundException {
        try {
            return CustomLevels.defaultReadNext(in, (CustomLevels.DefaultRead) read, reference);
        } catch (IOException | ClassNotFoundException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception in defaultReadObject", t);
        }
    }

    /**
     * Runs at the start of {@code ObjectInputStream.readRecord(desc)}: for converted data of a class that is a record
     * here (the class became a record; the stream descriptor is bound to the record's {@linkplain
     * ConvertedViews#reading reading view}), reads the data as the JDK reads a record's plain data ({@link
     * EvolvedRead#readRecord}) and returns the record; for plain data, {@link #NOT_CONVERTED}, and the JDK's code
     * reads it.
     */
    static Object readRecord(final ObjectInputStream in, final ObjectStreamClass desc) throws IOException {
        try {
            if (!(boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(desc)
                    || !(boolean) JdkObjectStreamClass.EXTERNALIZABLE.invokeExact(desc)) {
                return NOT_CONVERTED;
            }
            int shape = in.readInt();
            return EvolvedRead.readRecord(EvolvedRead.plan(desc, shape, in), in);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception reading " + desc.getName(), t);
        }
    }

    /**
     * Stands, with the loop around it, for {@code obj.readExternal(in)} in {@code
     * ObjectInputStream.readExternalData(obj, desc)}: returns {@link #NOT_CONVERTED} when {@code obj} is {@code
     * Externalizable} (the JDK's call stays for it), null when the object is read, else an object that stands for the
     * read under way, which the patched frame passes to {@link ConvertedReading#step} and then, with the next
     * reference it read with {@code readObject}, to {@link #readNext}, until one of them returns null (so the nesting
     * of the graph never passes through this class, as in {@link #writeStep}). An object
     * written with the shape of this JVM's class (the 4-byte shape ahead of its data is this class's, and the stream
     * descriptors' reference fields have this class's types) is read so, and its fields are stored only when all its
     * data is read; one of another shape is read by {@link EvolvedRead.Reading}, field by field as the JDK reads a
     * {@code Serializable} class, each reference the local class has likewise returned to the patched frame to read.
     */
    static Object readBegin(final Object obj, final ObjectInput in, final ObjectStreamClass desc)
            throws IOException, ClassNotFoundException {
        try {
            ConvertedView view = dataView(obj);
            if (view == null) {
                return NOT_CONVERTED;
            }
            if (view.desc == null) {
                view = ConvertedViews.reading(obj.getClass()); // the JDK bound the stream's descriptor to it
                if (view.desc == null) {
                    throw new InvalidClassException(obj.getClass().getName(), "not Externalizable and not converted");
                }
            }
            // the shape and the writer's first level's primitives (as many bytes as its descriptor's fields take:
            // the data is exactly those fields) in one read
            int head = ConvertedReading.firstLevelBytes(desc, view);
            if (view.references == 0 && !view.custom && !view.reading && head == view.levels[0].primitiveBytes
                    && storedInPlace(obj, in, desc, view)) {
                return null;
            }
            byte[] data = new byte[ConvertedShape.BYTES + Math.max(head, view.primitiveBytes)];
            try {
                in.readFully(data, 0, ConvertedShape.BYTES + head);
            } catch (IOException | RuntimeException e) {
                throw ViewBinding.framed(desc) ? ViewBinding.incompatible(obj.getClass().getName(), e) : e;
            }
            int shape = GeneratedCode.getInt(data, 0);
            if (!view.reading && shape == view.shape
                    && (view.reflectors == null || ConvertedReading.sameReflectors(view.reflectors, desc))) {
                if (head != view.levels[0].primitiveBytes) {
                    // the shape covers each level's fields: a damaged stream
                    throw ConvertedReading.notItsFields(desc, obj);
                }
                if (view.references == 0 && !view.custom) {
                    if (view.primitiveBytes > head) {
                        in.readFully(data, ConvertedShape.BYTES + head, view.primitiveBytes - head);
                    }
                    ConvertedReading.store(obj, view.levels, 0, view.levels.length, data, ConvertedShape.BYTES, null);
                    return null;
                }
                return new ConvertedReading(obj, view, in, data, desc); // ConvertedReading.step reads on
            }
            return loopReads(ConvertedReading.readEvolved(obj, in, desc, view, shape, head == 0 ? null
                    : Arrays.copyOfRange(data, ConvertedShape.BYTES, ConvertedShape.BYTES + head)), in);
        } catch (IOException | ClassNotFoundException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception reading " + obj.getClass().getName(), t);
        }
    }

    /**
     * Reads an object of {@code view} (no references, no own methods) whose data has the view's shape, and whose
     * stream descriptor {@code desc} has the view's first level, where its bytes are: in the buffer of the {@code
     * ByteArrayInputStream} under the stream ({@link Engine#bytesBelow}), when the stream class reads them with the
     * JDK's {@code readFully} and they are all there, stored from that buffer into the object; the stream moves past
     * them as {@link #readBegin}'s reads would have moved it. Returns false, nothing read, in any other case, which
     * {@code readBegin} then reads as before (so every error is still its own). Saves that object's array of
     * primitives and the copy into it.
     */
    private static boolean storedInPlace(final Object obj, final ObjectInput in, final ObjectStreamClass desc,
                                         final ConvertedView view) throws Throwable {
        if (!(in instanceof ObjectInputStream stream)
                || in.getClass() != ObjectInputStream.class && Overrides.FULL_READS.get(in.getClass())) {
            return false;
        }
        ByteArrayInputStream array = Engine.bytesBelow(stream);
        if (array == null) {
            return false;
        }
        int bytes = ConvertedShape.BYTES + view.primitiveBytes;
        byte[] buf = (byte[]) JdkByteArrayInputStream.BUF.invokeExact(array);
        int pos = Engine.placeBelow(array, buf, bytes);
        if (pos < 0) {
            return false;
        }
        int shape = GeneratedCode.getInt(buf, pos);
        if (shape != view.shape || view.reflectors != null && !ConvertedReading.sameReflectors(view.reflectors, desc)
                || Engine.takeBelow(stream, array, buf, bytes) != pos) {
            return false;
        }
        ConvertedReading.store(obj, view.levels, 0, view.levels.length, buf, pos + ConvertedShape.BYTES, null);
        return true;
    }

    /**
     * {@code read} (null when the object is read), after telling the engine that the patched loop's next call, the
     * stream's {@code readObject(Object.class)} for the object's next reference, is made from {@code java.io}'s own
     * frame, as the JDK's {@code defaultReadFields} reads a plain object's references ({@code Engine.loopReads}):
     * without it, every class below a converted object resolved its name by a stack walk.
     */
    static Object loopReads(final Object read, final ObjectInput in) {
        if (read != null && in instanceof ObjectInputStream stream) {
            Engine.loopReads(stream);
        }
        return read;
    }

    /**
     * Takes the next reference of a read {@link #readBegin} started, or {@link #MISSING}: returns the same read while
     * more are to come, else null (an object of the local shape: the same read, {@link ConvertedReading#step} reads
     * on). After a {@code MISSING} reference the object's data is still read to its end, so
     * the stream stays in step (the stream itself fails the read with the {@code ClassNotFoundException} it recorded,
     * as for plain data), but its fields are not stored.
     */
    static Object readNext(final Object read, final Object reference) throws IOException {
        try {
            if (read instanceof ConvertedReading reading) {
                if (reference == MISSING) {
                    reading.missing = true;
                } else {
                    reading.references[reading.next] = reference;
                }
                reading.next++;
                return reading; // ConvertedReading.step reads on
            }
            // the object's handle carries the exception (the stream marked it): EvolvedRead assigns nothing then
            EvolvedRead.Reading evolved = (EvolvedRead.Reading) read;
            return evolved.next(reference == MISSING ? null : reference) ? loopReads(evolved, evolved.stream()) : null;
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            Object obj = read instanceof ConvertedReading reading ? reading.obj
                    : ((EvolvedRead.Reading) read).object();
            throw new IllegalStateException("serialboost: unexpected exception reading " + obj.getClass().getName(), t);
        }
    }

    /**
     * The shape ({@link ConvertedShape}) written ahead of each object of exactly {@code type} in the converted format,
     * or 0 when the class is not converted here. For tests and diagnostics: it locates an object's data in a stream.
     */
    public static int shapeOf(final Class<?> type) {
        return ConvertedViews.of(type).shape;
    }

    // ---- read side ----------------------------------------------------------------------------------------------

    /**
     * Passes through the local descriptor {@code osc = lookup(cl, true)} in {@code initNonProxy(model, cl, ...)}: the
     * converted view (or a reading view) for a stream descriptor in the converted layout, {@code osc} for any other
     * ({@link ViewBinding#localDescriptor}).
     */
    static ObjectStreamClass localDescriptor(final ObjectStreamClass osc, final ObjectStreamClass model,
                                             final Class<?> cl) throws Throwable {
        return ViewBinding.localDescriptor(osc, model, cl);
    }

    /**
     * Stands for the descriptor the JDK's own {@code ObjectInputStream.readClassDescriptor()} returns, which a stream
     * class that overrides the method calls as {@code super.readClassDescriptor()}: remembers it as what {@code in}
     * read, for {@link #modelFor} (only for a stream class that overrides it), and returns it.
     */
    static ObjectStreamClass descriptorRead(final ObjectStreamClass desc, final ObjectInputStream in) {
        DescriptorOverrides.read(in, desc);
        return desc;
    }

    /**
     * Stands for {@code readDesc}, what {@code in.readClassDescriptor()} returned, as the model {@code
     * ObjectInputStream.readNonProxyDesc} has {@code initNonProxy} bind its new descriptor {@code desc} with (after
     * {@code resolveClass} and the stream's filter had {@code readDesc} itself): {@code readDesc}, unless the stream
     * class's override returned it in place of converted data's descriptor (or converted data's descriptor in place
     * of a plain one), when the data is read as what it is or refused ({@link DescriptorOverrides#model}).
     */
    static ObjectStreamClass modelFor(final ObjectInputStream in, final ObjectStreamClass desc,
                                             final ObjectStreamClass readDesc) throws IOException {
        try {
            return DescriptorOverrides.model(in, desc, readDesc);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception binding " + readDesc.getName(), t);
        }
    }

    /**
     * Replaces {@code Externalizable.class.isAssignableFrom(cl)} in the {@code ObjectStreamClass(Class)}
     * constructor (not in {@code getSerialFields(Class)}, which it calls: the view lists the class's fields): also
     * true while this thread builds a converted view ({@link ViewDescriptors#building}).
     */
    static boolean externalizableView(final boolean externalizable) {
        return externalizable || ViewDescriptors.building();
    }
}
