package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.ApplicationFacing;
import dev.serialboost.runtime.Overrides;
import dev.serialboost.runtime.engine.DescriptorTemplate;
import dev.serialboost.runtime.engine.Engine;
import dev.serialboost.runtime.engine.FormatSeam;
import dev.serialboost.runtime.jdk.JdkLookup;
import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import java.io.EOFException;
import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamConstants;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.io.StreamCorruptedException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.security.AccessController;
import java.security.PrivilegedAction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The converted format, seen only by the JDK's stream engine. A class serialboost converted stays what it was
 * (no new interface, constructor or visible behaviour); it only carries synthetic {@code $sb$} bodies. The JDK's
 * methods the agent patches (see {@code dev.serialboost.transformer.ConvertedFormatPatches}) call this class:
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
 */
@ApplicationFacing
public final class ConvertedFormat {

    /**
     * One converted level of a class (the fields it declares): its generated bodies, and where its values go in the
     * data of a whole object as the runtime reads it (primitives in one {@code byte[]}, references in one array).
     */
    private static final class Level {
        /** {@code (Object, ObjectOutput) -> void}: the level's {@code $sb$write} (its primitives); null if none. */
        final MethodHandle write;
        /** {@code (Object, int) -> Object}: the level's {@code $sb$ref}; null if it has no references. */
        final MethodHandle ref;
        /** {@code (Object, byte[], int, Object[], int) -> void}: the level's {@code $sb$set}. */
        final MethodHandle set;
        /**
         * A bulk level's record, which its {@code $sb$write} and {@code $sb$set} hand the object and data to: called
         * directly, without the method handles (not constants here, so each call would go through their forms).
         */
        final BulkLayout bulk;
        /** Bytes of the level's primitives in the stream, and where they start in a whole object's. */
        final int primitiveBytes;
        final int at;
        /** The level's references, and the index of its first among a whole object's. */
        final int references;
        final int from;
        /**
         * The class's own {@code writeObject}/{@code readObject}, or null: such a level is written and read whole by
         * {@link CustomLevels} at its place in the data, its default part by the generated bodies through the hooks
         * in {@code defaultWriteObject}/{@code defaultReadObject} (so it counts no primitives and no references in
         * the data loop's accounting: {@link #ownBytes} and {@link #ownReferences} are its default part's).
         */
        final CustomLevels.Methods custom;
        /** The converted view of the level's class. */
        final ObjectStreamClass desc;
        /** Bytes of the level's primitives, and its references, in its default part (a custom level's own). */
        final int ownBytes;
        final int ownReferences;

        Level(final MethodHandle write, final MethodHandle ref, final MethodHandle set, final BulkLayout bulk,
              final int primitiveBytes, final int at, final int references, final int from,
              final CustomLevels.Methods custom, final ObjectStreamClass desc) {
            this.custom = custom;
            this.desc = desc;
            this.ownBytes = desc == null ? 0 : primitiveBytes(desc.getFields());
            this.ownReferences = desc == null ? 0 : referenceCount(desc.getFields());
            this.write = write;
            this.ref = ref;
            this.set = set;
            this.bulk = bulk;
            this.primitiveBytes = primitiveBytes;
            this.at = at;
            this.references = references;
            this.from = from;
        }
    }

    /** The generated bodies and the converted view of one class; {@link #PLAIN} for classes without. */
    private static final class View {
        final ObjectStreamClass desc;
        /** Every converted level, the topmost converted superclass's first: the order of the data. */
        final Level[] levels;
        /** Bytes of all levels' primitives. */
        final int primitiveBytes;
        /** The object's references, over all levels. */
        final int references;
        /**
         * The first of the steps an object of this view is written ({@link #writeStep}) and read ({@link Reading}) in,
         * chained in data order.
         */
        final Step firstStep;
        /** Whether this class's own level is one bulk record (its descriptor lists the fields in record order). */
        final boolean bulk;
        /** Whether a level has methods of its own ({@link Level#custom}). */
        final boolean custom;
        /**
         * Whether this is a {@linkplain #readingView reading view}: of a class this JVM does not convert, for reading
         * converted data of it (always as data of another shape), never for writing.
         */
        final boolean reading;
        /** The view of the converted superclass, or null. */
        final View superView;
        /**
         * The shape of every converted level, written ahead of each object's data ({@link ConvertedShape}): a
         * stream object with this shape reads with the generated body.
         */
        final int shape;
        /**
         * The JDK's {@code FieldReflector} of each level's field list, this class first; null when no level has
         * reference fields. A stream descriptor whose fields have the same names and type strings, in the same
         * order, is bound to the same reflector by the JDK ({@code getReflector} keeps one per class and list), so
         * comparing them tells whether the declared types of reference fields are the writer's, which the shape
         * does not cover.
         */
        final Object[] reflectors;
        /** The descriptor's template for the engine layer, built on first use ({@link #NO_TEMPLATE} if none). */
        volatile Object template;
        /**
         * How the last few stream descriptors of another shape are read ({@link EvolvedRead}), kept for their next
         * objects: {@link #PLANS} slots, replaced in turn, each held weakly (a stream descriptor may name classes of
         * other loaders), so a plan is made about once per stream and class, also when a few streams alternate.
         */
        final AtomicReferenceArray<WeakReference<EvolvedRead.Plan>> plans = new AtomicReferenceArray<>(PLANS);
        /** The slot the next new plan takes. */
        final AtomicInteger nextPlan = new AtomicInteger();

        /** The own methods of the level this view's class declares (its last), or null; null for {@link #PLAIN}. */
        CustomLevels.Methods ownMethods() {
            return desc == null ? null : levels[levels.length - 1].custom;
        }

        View(final ObjectStreamClass desc, final Level[] levels, final boolean bulk, final View superView,
             final int shape, final Object[] reflectors) {
            this(desc, levels, bulk, superView, shape, reflectors, false);
        }

        View(final ObjectStreamClass desc, final Level[] levels, final boolean bulk, final View superView,
             final int shape, final Object[] reflectors, final boolean reading) {
            this.reading = reading;
            this.desc = desc;
            this.levels = levels;
            this.bulk = bulk;
            this.superView = superView;
            this.shape = shape;
            this.reflectors = reflectors;
            int bytes = 0;
            int references = 0;
            boolean custom = false;
            for (Level level : levels) {
                bytes += level.primitiveBytes;
                references += level.references;
                custom |= level.custom != null;
            }
            this.custom = custom;
            this.primitiveBytes = bytes;
            this.references = references;
            // for each reference, in data order: its level's index in levels, and its own there
            int[] refLevel = new int[references];
            int[] refIndex = new int[references];
            for (int k = 0; k < levels.length; k++) {
                for (int i = 0; i < levels[k].references; i++) {
                    refLevel[levels[k].from + i] = k;
                    refIndex[levels[k].from + i] = i;
                }
            }
            Step step = null;
            for (int s = references; s >= 0; s--) {
                boolean last = s == references;
                step = new Step(this, s == 0, s == 0 ? 0 : refLevel[s - 1] + 1,
                        last ? levels.length - 1 : refLevel[s], last ? -1 : refIndex[s], step);
            }
            this.firstStep = step;
        }
    }

    /**
     * One step of an object of a converted view's data: the levels whose primitives it holds (the shape first, in the
     * first step), then a reference, which the patched {@code writeExternalData} writes ({@link #writeStep}) and
     * {@code readExternalData} reads ({@link Reading}); the last step has none. Made with the view, so that the
     * writing method's loop carries the step in its one local and the object's view is looked up once, not once per
     * reference.
     */
    private static final class Step {
        final View view;
        final boolean first;
        /** The levels (indices in {@link View#levels}) whose primitives the step holds, both included. */
        final int from;
        final int to;
        /** The reference's index in level {@link #to}'s {@code $sb$ref}, or -1 in the last step. */
        final int refIndex;
        /** The next step, or null after the last. */
        final Step next;

        Step(final View view, final boolean first, final int from, final int to, final int refIndex, final Step next) {
            this.view = view;
            this.first = first;
            this.from = from;
            this.to = to;
            this.refIndex = refIndex;
            this.next = next;
        }
    }

    /** The bytes of the shape ahead of each object's data ({@link ConvertedShape}). */
    private static final int SHAPE_BYTES = 4;

    /**
     * Whether this JVM's {@code instanceof} of an interface the object's class does not implement scans the class's
     * interfaces: JDK 17 (measured on 17.0.15: about 14 ns a test, against 0.3 ns when the class implements it);
     * 21.0.8 and 25 look it up in a table (0.3-0.7 ns either way; JDK-8180450, backported to 21).
     */
    private static final boolean SCANNING_INTERFACE_TEST = Runtime.version().feature() < 21;

    /** Plans for data of another shape kept per class ({@link View#plans}). */
    private static final int PLANS = 4;

    /** The synthetic static field of a bulk level's class that names its record's fields in order. */
    static final String BULK_FIELD = "$sb$bulk";

    private static final View PLAIN = new View(null, new Level[0], false, null, 0, null);

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
    private static final Object NO_TEMPLATE = new Object();
    /**
     * What {@link #writeBegin} and {@link #readBegin} return for an {@code Externalizable} object (the JDK's own call
     * of its method writes or reads it), and {@link #readRecord} for a record's data in the plain format (the JDK's
     * code reads it).
     */
    static final Object NOT_CONVERTED = new Object();

    private static final ClassValue<View> VIEWS = new ClassValue<>() {
        @Override
        @SuppressWarnings("removal") // a Security Manager (JDK 17-23) must not see the application's frames here
        protected View computeValue(final Class<?> type) {
            return AccessController.doPrivileged((PrivilegedAction<View>) () -> viewOf(type));
        }
    };

    /** The {@linkplain #readingView reading views} of classes without a converted view, made when first needed. */
    private static final ClassValue<View> READING_VIEWS = new ClassValue<>() {
        @Override
        @SuppressWarnings("removal")
        protected View computeValue(final Class<?> type) {
            return AccessController.doPrivileged((PrivilegedAction<View>) () -> readingView(type));
        }
    };

    /**
     * Classes the JDK's stream code names in a catch clause and may not have loaded yet ({@code EOFException} in
     * {@code BlockDataInputStream.readBlockHeader}): a {@code StackOverflowError} passing such a clause has the JVM
     * load the class on a nearly exhausted stack, and the call of the agent's class-file transformer for it then
     * overflows inside the JDK's instrumentation code, which prints {@code java.lang.instrument ASSERTION FAILED}.
     * Loaded with this class, on a shallow stack.
     */
    private static final List<Class<?>> CAUGHT_BY_THE_JDK = List.of(EOFException.class, InvalidClassException.class);

    /** The class whose converted view this thread is building, for {@link #externalizableView}. */
    private static final ThreadLocal<Class<?>> BUILDING = new ThreadLocal<>();

    /** Why converted views cannot be built on this JVM (the first group of JDK members that is missing), or null. */
    private static final Throwable PROBLEM = JdkLookup.firstProblem(JdkObjectStreamClass.PROBLEM,
            JdkObjectStreamClass.LocalDescriptors.PROBLEM);

    static {
        if (PROBLEM == null) {
            FormatSeam.register(new FormatSeam.ConvertedViews() {
                @Override
                public DescriptorTemplate template(final Class<?> cl, final ObjectStreamClass desc) {
                    return ConvertedFormat.template(cl, desc);
                }

                @Override
                public boolean hasOwnMethods(final Class<?> cl) {
                    return customMethods(cl) != null;
                }
            });
        }
    }

    private ConvertedFormat() {
    }

    /** Null when the converted format can work on this JVM, else why not (the agent then leaves the JDK alone). */
    public static String availability() {
        if (PROBLEM != null) {
            return "java.io.ObjectStreamClass has no accessible lookup, constructor, externalizable/serializable flags,"
                    + " cons, deserializeEx, superDesc, fields, computeFieldOffsets, hasWriteObjectData,"
                    + " hasBlockExternalData, fieldRefl or getReflector (" + PROBLEM + ")";
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
     * turns back into the class's ordinary descriptor, so the data must be the plain format's).
     */
    static ObjectStreamClass lookupForWrite(final Class<?> cl, final boolean all, final ObjectOutputStream out)
            throws Throwable {
        if (cl == String.class || cl.isArray()) {
            // never converted: the most common, asked directly
            return (ObjectStreamClass) JdkObjectStreamClass.LocalDescriptors.LOOKUP.invokeExact(cl, all);
        }
        View view = VIEWS.get(cl);
        return view.desc != null && (out.getClass() == ObjectOutputStream.class
                || !Overrides.WRITE_CLASS_DESCRIPTOR.get(out.getClass())) ? view.desc
                : (ObjectStreamClass) JdkObjectStreamClass.LocalDescriptors.LOOKUP.invokeExact(cl, all);
    }

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
        return customMethods(desc.forClass()) != null ? ObjectStreamConstants.PROTOCOL_VERSION_2
                : ObjectStreamConstants.PROTOCOL_VERSION_1;
    }

    /** The own methods of the level {@code type} declares in its converted view, or null. */
    static CustomLevels.Methods customMethods(final Class<?> type) {
        return type == null ? null : VIEWS.get(type).ownMethods();
    }

    /**
     * The own methods ({@code writeObject}/{@code readObject}) of the local class {@code type} a stream descriptor
     * of converted data is bound to (its converted view, or its {@linkplain #readingView reading view}), or null.
     */
    static CustomLevels.Methods readMethods(final Class<?> type) {
        if (type == null) {
            return null;
        }
        View view = VIEWS.get(type);
        return (view.desc != null ? view : READING_VIEWS.get(type)).ownMethods();
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
     * Null when {@code obj} is {@code Externalizable}, else its class's converted view ({@link #PLAIN} if none): the
     * test of {@link #isExternalizable} and the lookup of the view in one.
     */
    private static View dataView(final Object obj) {
        if (!SCANNING_INTERFACE_TEST && obj instanceof Externalizable) {
            return null;
        }
        View view = VIEWS.get(obj.getClass());
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
                    in.readFully(new byte[primitiveBytes(fields)]);
                    for (ObjectStreamField f : fields) {
                        if (!f.isPrimitive()) {
                            try {
                                in.readObject();
                            } catch (ClassNotFoundException e) {
                                // recorded for the object being read, as plain data's are
                            }
                        }
                    }
                    if (customData(level)) {
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
     * JDK's call stays for it), else the first {@linkplain Step step} of writing it with its converted view (the
     * method gets an object that is not {@code Externalizable} only with that view's descriptor).
     */
    static Object writeBegin(final Object obj) throws InvalidClassException {
        View view = dataView(obj);
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
        Step s = (Step) step;
        try {
            Level[] levels = s.view.levels;
            if (s.first) {
                out.writeInt(s.view.shape);
            }
            for (int k = s.from; k <= s.to; k++) {
                Level level = levels[k];
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
        return ((Step) step).next;
    }

    /**
     * Runs at the start of {@code ObjectOutputStream.defaultWriteObject()}: when the stream's callback context is a
     * converted level's with methods of its own (its class's {@code writeObject} called it), writes the level's
     * default part with the level's generated code, as the JDK's code would write it ({@link
     * CustomLevels#defaultWrite}), and returns true; else false, and the JDK's code runs.
     */
    static boolean defaultWrite(final ObjectOutputStream out) throws IOException {
        try {
            CustomLevels.Callback call = CustomLevels.callback(CustomLevels.writeContext(out));
            if (call == null) {
                return false;
            }
            for (Level level : VIEWS.get(call.obj().getClass()).levels) {
                if (level.desc == call.desc() && level.custom != null) {
                    CustomLevels.defaultWrite(call.context(), out, level.write, level.ref, level.ownReferences);
                    return true;
                }
            }
            return false;
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception in defaultWriteObject", t);
        }
    }

    /**
     * Runs at the start of {@code ObjectInputStream.defaultReadObject()}: when the stream's callback context is a
     * level with methods of its own of a converted class and the stream's descriptor of it has the local level's
     * fields (the JDK bound it to the same field reflector: same names, types and order), reads the level's default
     * part with the level's generated code, as the JDK's code would read it ({@link CustomLevels#defaultRead}), and
     * returns true; else false, and the JDK's code runs (data of another shape, or a class read plain).
     */
    static boolean defaultRead(final ObjectInputStream in) throws IOException, ClassNotFoundException {
        try {
            CustomLevels.Callback call = CustomLevels.callback(CustomLevels.readContext(in));
            if (call == null) {
                return false;
            }
            View view = VIEWS.get(call.obj().getClass());
            if (view.desc == null) {
                return false;
            }
            Object reflector = (Object) JdkObjectStreamClass.FIELD_REFL.invokeExact(call.desc());
            for (Level level : view.levels) {
                if (level.custom != null
                        && (Object) JdkObjectStreamClass.FIELD_REFL.invokeExact(level.desc) == reflector) {
                    // the class's readObject called defaultReadObject: the fields are resolved as class code reads
                    Engine.classCodeReads(in);
                    CustomLevels.defaultRead(call.context(), in, call.desc(), level.set, level.ownBytes,
                            level.ownReferences);
                    return true;
                }
            }
            return false;
        } catch (IOException | ClassNotFoundException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception in defaultReadObject", t);
        }
    }

    /**
     * Runs at the start of {@code ObjectInputStream.readRecord(desc)}: for converted data of a class that is a record
     * here (the class became a record; the stream descriptor is bound to the record's {@linkplain #readingView
     * reading view}), reads the data as the JDK reads a record's plain data ({@link EvolvedRead#readRecord}) and
     * returns the record; for plain data, {@link #NOT_CONVERTED}, and the JDK's code reads it.
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

    /** An object of a converted class being read: the data read so far, until its last reference has come. */
    private static final class Reading {
        final Object obj;
        final View view;
        final ObjectInput in;
        /** The object's data as read: the shape, then every level's primitives (from {@link #SHAPE_BYTES}). */
        final byte[] primitives;
        final Object[] references;
        /** How many references have come. */
        int next;
        /** The step whose primitives {@link #advance} reads next. */
        Step step;
        /** Whether a reference's class was not found: the object is then not stored (the read fails). */
        boolean missing;
        /** The stream's descriptor of each level, the topmost first, when a level has methods of its own; else null. */
        final ObjectStreamClass[] streamLevels;
        /** The levels before this one are stored (before a level with methods of its own, which may look at them). */
        int stored;

        /**
         * With {@code data}, the shape and the first level's primitives read (none when the first level has methods
         * of its own), and room for the other levels'; {@code desc} the stream's descriptor of the object.
         */
        Reading(final Object obj, final View view, final ObjectInput in, final byte[] data,
                final ObjectStreamClass desc) throws Throwable {
            this.obj = obj;
            this.view = view;
            this.in = in;
            this.streamLevels = view.custom ? streamLevels(desc, view.levels.length) : null;
            this.primitives = data;
            this.references = new Object[view.references];
            this.step = view.firstStep;
        }

        /**
         * Reads the primitives of the levels up to the next reference's; after the last reference, those of the
         * levels left, and then stores every level's fields. True while a reference is still to come.
         */
        boolean advance() throws Throwable {
            Level[] levels = view.levels;
            Step s = step;
            boolean last = s.next == null;
            // the first level's primitives came with the shape, unless it is a level with methods of its own
            int from = s.first && levels[0].custom == null ? 1 : s.from;
            for (int k = from; k <= s.to; k++) {
                if (levels[k].custom != null) {
                    custom(k);
                } else if (levels[k].primitiveBytes > 0) {
                    in.readFully(primitives, SHAPE_BYTES + levels[k].at, levels[k].primitiveBytes);
                }
            }
            if (!last) {
                step = s.next;
                return true;
            }
            if (!missing) {
                store(obj, levels, stored, levels.length, primitives, SHAPE_BYTES, references);
            }
            return false;
        }

        /**
         * Reads level {@code k}, which has methods of its own, after storing the levels before it: the JDK assigns a
         * level's fields before the next level's {@code readObject} runs (unless the object carries an exception).
         */
        private void custom(final int k) throws Throwable {
            ObjectInputStream stream = (ObjectInputStream) in;
            if (!missing && !CustomLevels.failed(stream)) {
                store(obj, view.levels, stored, k, primitives, SHAPE_BYTES, references);
            }
            stored = k + 1;
            CustomLevels.read(obj, streamLevels[k], view.levels[k].custom, stream, true);
        }
    }

    /** The stream descriptor {@code desc}'s {@code count} levels, the topmost first. */
    private static ObjectStreamClass[] streamLevels(final ObjectStreamClass desc, final int count) throws Throwable {
        ObjectStreamClass[] levels = new ObjectStreamClass[count];
        ObjectStreamClass level = desc;
        for (int k = count - 1; k >= 0; k--) {
            levels[k] = level;
            level = (ObjectStreamClass) JdkObjectStreamClass.SUPER_DESC.invokeExact(level);
        }
        return levels;
    }

    /**
     * Stores the fields of levels {@code from} to {@code to} (exclusive) from a whole object's data, its primitives
     * from {@code base} in {@code data}.
     */
    private static void store(final Object obj, final Level[] levels, final int from, final int to,
                              final byte[] data, final int base, final Object[] references) throws Throwable {
        for (int k = from; k < to; k++) {
            Level level = levels[k];
            if (level.custom != null) {
                continue; // stored by its own readObject
            } else if (level.bulk != null) {
                level.bulk.apply(obj, data, base + level.at);
            } else {
                try {
                    level.set.invokeExact(obj, data, base + level.at, references, level.from);
                } catch (ClassCastException e) {
                    // the checkcast of the generated code: the JDK's check of the level's values says it its way
                    throw EvolvedRead.assignmentFailure(level.desc, obj, references == null ? null
                            : Arrays.copyOfRange(references, level.from, level.from + level.ownReferences), e);
                }
            }
        }
    }

    /**
     * Stands, with the loop around it, for {@code obj.readExternal(in)} in {@code
     * ObjectInputStream.readExternalData(obj, desc)}: returns {@link #NOT_CONVERTED} when {@code obj} is {@code
     * Externalizable} (the JDK's call stays for it), null when the object is read, else an object that stands for the
     * read under way, which the patched frame passes to {@link #readNext} with the next reference it read with {@code
     * readObject} (so the nesting of the graph never passes through this class, as in {@link #writeStep}). An object
     * written with the shape of this JVM's class (the 4-byte shape ahead of its data is this class's, and the stream
     * descriptors' reference fields have this class's types) is read so, and its fields are stored only when all its
     * data is read; one of another shape is read by {@link EvolvedRead.Reading}, field by field as the JDK reads a
     * {@code Serializable} class, each reference the local class has likewise returned to the patched frame to read.
     */
    static Object readBegin(final Object obj, final ObjectInput in, final ObjectStreamClass desc)
            throws IOException, ClassNotFoundException {
        try {
            View view = dataView(obj);
            if (view == null) {
                return NOT_CONVERTED;
            }
            if (view.desc == null) {
                view = READING_VIEWS.get(obj.getClass()); // the JDK bound the stream's descriptor to it
                if (view.desc == null) {
                    throw new InvalidClassException(obj.getClass().getName(), "not Externalizable and not converted");
                }
            }
            // the shape and the writer's first level's primitives (as many bytes as its descriptor's fields take:
            // the data is exactly those fields) in one read
            int head = firstLevelBytes(desc, view);
            byte[] data = new byte[SHAPE_BYTES + Math.max(head, view.primitiveBytes)];
            try {
                in.readFully(data, 0, SHAPE_BYTES + head);
            } catch (IOException | RuntimeException e) {
                throw framed(desc) ? incompatible(obj.getClass().getName(), e) : e;
            }
            int shape = (data[0] & 0xFF) << 24 | (data[1] & 0xFF) << 16 | (data[2] & 0xFF) << 8 | (data[3] & 0xFF);
            if (!view.reading && shape == view.shape
                    && (view.reflectors == null || sameReflectors(view.reflectors, desc))) {
                if (head != view.levels[0].primitiveBytes) {
                    throw notItsFields(desc, obj); // the shape covers each level's fields: a damaged stream
                }
                if (view.references == 0 && !view.custom) {
                    if (view.primitiveBytes > head) {
                        in.readFully(data, SHAPE_BYTES + head, view.primitiveBytes - head);
                    }
                    store(obj, view.levels, 0, view.levels.length, data, SHAPE_BYTES, null);
                    return null;
                }
                Reading reading = new Reading(obj, view, in, data, desc);
                return reading.advance() ? reading : null;
            }
            return readEvolved(obj, in, desc, view, shape, head == 0 ? null
                    : Arrays.copyOfRange(data, SHAPE_BYTES, SHAPE_BYTES + head));
        } catch (IOException | ClassNotFoundException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception reading " + obj.getClass().getName(), t);
        }
    }

    /**
     * Takes the next reference of a read {@link #readBegin} started, or {@link #MISSING}: returns the same read while
     * more are to come, else null. After a {@code MISSING} reference the object's data is still read to its end, so
     * the stream stays in step (the stream itself fails the read with the {@code ClassNotFoundException} it recorded,
     * as for plain data), but its fields are not stored.
     */
    static Object readNext(final Object read, final Object reference) throws IOException {
        try {
            if (read instanceof Reading reading) {
                if (reference == MISSING) {
                    reading.missing = true;
                } else {
                    reading.references[reading.next] = reference;
                }
                reading.next++;
                return reading.advance() ? reading : null;
            }
            // the object's handle carries the exception (the stream marked it): EvolvedRead assigns nothing then
            EvolvedRead.Reading evolved = (EvolvedRead.Reading) read;
            return evolved.next(reference == MISSING ? null : reference) ? evolved : null;
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            Object obj = read instanceof Reading reading ? reading.obj : ((EvolvedRead.Reading) read).object();
            throw new IllegalStateException("serialboost: unexpected exception reading " + obj.getClass().getName(), t);
        }
    }

    /**
     * Begins to read an object whose data has another {@code shape} than its class's (see {@link #readBegin}), the
     * primitives of its topmost level ({@code head}) read already.
     */
    private static Object readEvolved(final Object obj, final ObjectInput in, final ObjectStreamClass desc,
                                      final View view, final int shape, final byte[] head) throws Throwable {
        // data that is no converted data (the shape matches no layout): the JDK's exception (see unknownShape)
        EvolvedRead.Reading evolved = new EvolvedRead.Reading(planFor(view, desc, shape, in), obj,
                (ObjectInputStream) in, head);
        return evolved.advance() ? evolved : null;
    }

    private static StreamCorruptedException notItsFields(final ObjectStreamClass desc, final Object obj) {
        return new StreamCorruptedException("the data of " + desc.getName() + " has the shape of "
                + obj.getClass().getName() + " but not its fields");
    }

    /**
     * The bytes of the primitives of the topmost level of the stream descriptor {@code desc}: in converted data,
     * those that follow the shape; none when that level carries custom data or its local class has methods of its
     * own (its class's methods then read from the shape on, through {@link CustomLevels}). {@code view} is the view
     * {@code desc} is bound to, which answers for a topmost level that is {@code desc}'s own without a second lookup.
     */
    private static int firstLevelBytes(final ObjectStreamClass desc, final View view) throws Throwable {
        ObjectStreamClass top = desc;
        for (ObjectStreamClass above = (ObjectStreamClass) JdkObjectStreamClass.SUPER_DESC.invokeExact(top);
                above != null; above = (ObjectStreamClass) JdkObjectStreamClass.SUPER_DESC.invokeExact(top)) {
            top = above;
        }
        if (customData(top)) {
            return 0;
        }
        CustomLevels.Methods methods = top == desc ? view.ownMethods() : readMethods(top.forClass());
        return methods != null ? 0 : EvolvedRead.primDataSize(top);
    }

    /**
     * Whether the stream descriptor {@code desc} is of converted data written by its class's own methods: custom
     * data and {@code TC_ENDBLOCKDATA} follow its default part (flags 0x0D; framed data of earlier versions, 0x0C,
     * has SC_BLOCK_DATA without SC_WRITE_METHOD).
     */
    static boolean customData(final ObjectStreamClass desc) throws Throwable {
        return (boolean) JdkObjectStreamClass.HAS_BLOCK_EXTERNAL_DATA.invokeExact(desc)
                && (boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(desc);
    }

    /** The plan for objects of the stream descriptor {@code desc} with data of {@code shape}, kept or made. */
    private static EvolvedRead.Plan planFor(final View view, final ObjectStreamClass desc, final int shape,
                                            final ObjectInput in) throws Throwable {
        for (int i = 0; i < PLANS; i++) {
            WeakReference<EvolvedRead.Plan> ref = view.plans.get(i);
            EvolvedRead.Plan plan = ref == null ? null : ref.get();
            if (plan != null && plan.desc() == desc && plan.shape() == shape) {
                return plan;
            }
        }
        EvolvedRead.Plan plan = EvolvedRead.plan(desc, shape, in);
        view.plans.set(Math.floorMod(view.nextPlan.getAndIncrement(), PLANS), new WeakReference<>(plan));
        return plan;
    }

    /** Whether each level of the stream descriptor {@code desc} is bound to the reflector of the same local level. */
    private static boolean sameReflectors(final Object[] reflectors, final ObjectStreamClass desc) throws Throwable {
        ObjectStreamClass level = desc;
        for (int i = 0; ; i++) {
            if ((Object) JdkObjectStreamClass.FIELD_REFL.invokeExact(level) != reflectors[i]) {
                return false;
            }
            level = (ObjectStreamClass) JdkObjectStreamClass.SUPER_DESC.invokeExact(level);
            if (i + 1 == reflectors.length || level == null) {
                return i + 1 == reflectors.length && level == null;
            }
        }
    }

    /**
     * The shape ({@link ConvertedShape}) written ahead of each object of exactly {@code type} in the converted format,
     * or 0 when the class is not converted here. For tests and diagnostics: it locates an object's data in a stream.
     */
    public static int shapeOf(final Class<?> type) {
        return VIEWS.get(type).shape;
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
     * a stream descriptor in the converted layout ({@code Externalizable} with {@code SC_WRITE_METHOD}, or framed as
     * earlier versions wrote it, with {@code SC_BLOCK_DATA}) of a class that is converted here meets the class's
     * converted view; any other pair meets {@code osc}, as without the agent: an {@code Externalizable} descriptor
     * of neither kind (flags {@code 0x04}, which no serialboost writes) of a {@code Serializable} class gets the
     * JDK's {@code Serializable incompatible with Externalizable}. When the JDK is about to refuse converted data
     * with that message (no view can read it), this refuses with the JDK's exception, and says what probably happened
     * in its cause.
     */
    static ObjectStreamClass localDescriptor(final ObjectStreamClass osc, final ObjectStreamClass model,
                                                    final Class<?> cl) throws Throwable {
        if (cl == null || !(boolean) JdkObjectStreamClass.EXTERNALIZABLE.invokeExact(model)
                || (boolean) JdkObjectStreamClass.EXTERNALIZABLE.invokeExact(osc)
                || !(boolean) JdkObjectStreamClass.SERIALIZABLE.invokeExact(osc)
                || !(boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(model)
                && !(boolean) JdkObjectStreamClass.HAS_BLOCK_EXTERNAL_DATA.invokeExact(model)) {
            return osc;
        }
        View view = VIEWS.get(cl);
        if (view.desc != null) {
            return view.desc;
        }
        if (cl.isEnum() || Proxy.isProxyClass(cl) || !simpleName(model.getName()).equals(simpleName(osc.getName()))
                || !cl.isRecord() && model.getSerialVersionUID() != osc.getSerialVersionUID()) {
            return osc; // the JDK refuses on an earlier check, with its own message
        }
        View reading = READING_VIEWS.get(cl);
        if (reading.desc != null) {
            return reading.desc;
        }
        // the JDK is about to refuse with "Serializable incompatible with Externalizable": its exception, and in its
        // cause what probably happened
        throw incompatible(cl.getName(), new InvalidClassException(cl.getName(), "the stream has this class as"
                + " Externalizable, which is how serialboost's converted format writes it, but this JVM does not"
                + " convert it (its serialboost configuration excludes or skips it, or it loaded before the agent),"
                + " and cannot read such data into it (a class of a module that does not open its package); writer"
                + " and reader need the same serialboost configuration, see docs/compatibility.md. If the writer's"
                + " version of the class is Externalizable, the class itself changed"));
    }

    /**
     * The JDK's {@code InvalidClassException(className, "Serializable incompatible with Externalizable")}, which
     * {@code initNonProxy} throws for an {@code Externalizable} stream descriptor of a {@code Serializable} class,
     * with {@code why} as its cause.
     */
    static InvalidClassException incompatible(final String className, final Throwable why) {
        InvalidClassException e = new InvalidClassException(className, "Serializable incompatible with Externalizable");
        e.initCause(why);
        return e;
    }

    /**
     * Whether {@code desc} is framed {@code Externalizable} data ({@code SC_BLOCK_DATA} without {@code
     * SC_WRITE_METHOD}): converted data as versions before the unframed format wrote it, or any {@code
     * Externalizable} class's data, which the JDK refuses for a {@code Serializable} class.
     */
    private static boolean framed(final ObjectStreamClass desc) throws Throwable {
        return (boolean) JdkObjectStreamClass.HAS_BLOCK_EXTERNAL_DATA.invokeExact(desc)
                && !(boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(desc);
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

    /** A class name without its package, as the JDK compares stream and local class names. */
    private static String simpleName(final String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /**
     * Replaces {@code Externalizable.class.isAssignableFrom(cl)} in the {@code ObjectStreamClass(Class)}
     * constructor (not in {@code getSerialFields(Class)}, which it calls: the view lists the class's fields): also
     * true while this thread builds a converted view (and only for that class: the constructor's only other descriptor, the superclass's, is built
     * before).
     */
    static boolean externalizableView(final boolean externalizable) {
        return externalizable || BUILDING.get() != null;
    }

    // ---- the views ----------------------------------------------------------------------------------------------

    /** The view of a class that carries generated bodies of its own, else {@link #PLAIN}. */
    /**
     * A private lookup in a converted class. The runtime, installed in {@code java.base}, first reads the class's
     * module (an application's unnamed module is open to every module, but a named module reads none it is not told
     * to); {@code addReads} from this module's own code is allowed, and where the runtime is not installed (its own
     * tests) it does nothing.
     */
    private static MethodHandles.Lookup privateLookupIn(final Class<?> type) throws IllegalAccessException {
        ConvertedFormat.class.getModule().addReads(type.getModule());
        return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
    }

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
            MethodHandles.Lookup lookup = privateLookupIn(type);
            String bulk = bulkRecord(type, lookup);
            ObjectStreamClass desc = convertedDescriptor(type, superView, bulk);
            ObjectStreamField[] fields = (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(desc);
            Level[] above = superView.desc != null ? superView.levels : new Level[0];
            Level[] levels = Arrays.copyOf(above, above.length + 1);
            levels[above.length] = level(type, lookup, fields, bulk, superView.primitiveBytes,
                    superView.references, desc);
            List<ConvertedShape.Level> shapes = new ArrayList<>();
            List<Object> reflectors = new ArrayList<>();
            boolean references = false;
            shapes.add(new ConvertedShape.Level(type.getName(), bulk != null, levels[above.length].custom != null,
                    fields));
            reflectors.add((Object) JdkObjectStreamClass.FIELD_REFL.invokeExact(desc));
            for (View v = superView; v != null && v.desc != null; v = v.superView) {
                shapes.add(0, new ConvertedShape.Level(v.desc.getName(), v.bulk, v.ownMethods() != null,
                        (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(v.desc)));
                reflectors.add((Object) JdkObjectStreamClass.FIELD_REFL.invokeExact(v.desc));
            }
            for (ConvertedShape.Level level : shapes) {
                for (ObjectStreamField f : level.fields()) {
                    references |= !f.isPrimitive();
                }
            }
            return new View(desc, levels, bulk != null, superView.desc != null ? superView : null,
                    ConvertedShape.of(shapes), references ? reflectors.toArray() : null);
        } catch (Throwable t) {
            // e.g. a class of a named module that does not open its package: the JDK writes it plain
            return PLAIN;
        }
    }

    /**
     * A reading view: for a class this JVM does not convert (not eligible here, excluded, or loaded before the
     * agent), whose converted data a writer sent (the writer's version of the class was converted: another
     * configuration, or another version of the class, e.g. one without the {@code readObject}, {@code readFields},
     * {@code readObjectNoData} or {@code serialPersistentFields} this one has). A descriptor built as {@link
     * #convertedDescriptor} builds a converted view's, with the class's serializable fields as the JDK has them
     * (its {@code serialPersistentFields} included), a level without generated bodies, and the class's own {@code
     * readObject} if it has one: the JDK binds the stream's descriptors to it, and {@link EvolvedRead} reads the data
     * as plain JDK reads the plain format's, field by field, through the class's {@code readObject} and {@code
     * readObjectNoData}; a record's through {@link #readRecord}. Never used for writing. {@link #PLAIN} when the
     * class cannot have one (not a {@code Serializable} class, {@code Externalizable}, an enum, a class of a module
     * that does not open its package, or one with a superclass that cannot).
     */
    private static View readingView(final Class<?> type) {
        if (PROBLEM != null || CustomLevels.availability() != null || !Serializable.class.isAssignableFrom(type)
                || Externalizable.class.isAssignableFrom(type) || type.isArray() || type.isEnum()
                || type.isInterface() || Proxy.isProxyClass(type) || VIEWS.get(type).desc != null) {
            return PLAIN;
        }
        Class<?> superclass = type.getSuperclass();
        View superView = PLAIN;
        if (Serializable.class.isAssignableFrom(superclass)) {
            superView = VIEWS.get(superclass);
            if (superView.desc == null) {
                superView = READING_VIEWS.get(superclass);
                if (superView.desc == null) {
                    return PLAIN;
                }
            }
        }
        try {
            MethodHandles.Lookup lookup = privateLookupIn(type);
            ObjectStreamClass desc = convertedDescriptor(type, superView, null);
            Level[] above = superView.desc != null ? superView.levels : new Level[0];
            Level[] levels = Arrays.copyOf(above, above.length + 1);
            // a record's writeObject/readObject, if any, the JDK ignores: it reads a record through readRecord
            levels[above.length] = new Level(null, null, null, null, 0, 0, 0, 0,
                    type.isRecord() ? null : CustomLevels.of(type, lookup), desc);
            return new View(desc, levels, false, superView.desc != null ? superView : null, 0, null, true);
        } catch (Throwable t) {
            return PLAIN;
        }
    }

    /**
     * The level {@code type} declares, with the generated bodies of exactly that class (they are private, so a
     * subclass's never stand in), its {@code fields} as its converted view lists them (primitives first, then
     * references by name: the order of the data; a bulk level's in the order of its record {@code bulk}), its
     * primitives from {@code at} and its references from {@code from} in a whole object's data.
     */
    private static Level level(final Class<?> type, final MethodHandles.Lookup lookup,
                               final ObjectStreamField[] fields, final String bulk, final int at, final int from,
                               final ObjectStreamClass desc) throws Throwable {
        CustomLevels.Methods custom = CustomLevels.of(type, lookup);
        if (custom != null && (bulk != null || CustomLevels.availability() != null)) {
            // the class is then written in the plain format, as a class serialboost did not convert
            throw new IllegalStateException(type.getName() + " has methods of its own and a bulk record, or this JVM"
                    + " lacks what its methods need: " + CustomLevels.availability());
        }
        int ownBytes = primitiveBytes(fields);
        int ownReferences = referenceCount(fields);
        // the data loop takes no primitives and no references of a custom level: CustomLevels writes it whole
        int primitiveBytes = custom != null ? 0 : ownBytes;
        int references = custom != null ? 0 : ownReferences;
        MethodHandle write = ownBytes == 0 ? null : lookup.findVirtual(type, "$sb$write",
                MethodType.methodType(void.class, ObjectOutput.class))
                .asType(MethodType.methodType(void.class, Object.class, ObjectOutput.class));
        MethodHandle ref = ownReferences == 0 ? null : lookup.findVirtual(type, "$sb$ref",
                MethodType.methodType(Object.class, int.class))
                .asType(MethodType.methodType(Object.class, Object.class, int.class));
        MethodHandle set = lookup.findVirtual(type, "$sb$set", MethodType.methodType(void.class, byte[].class,
                int.class, Object[].class, int.class)).asType(MethodType.methodType(void.class, Object.class,
                byte[].class, int.class, Object[].class, int.class));
        BulkLayout record = bulk == null ? null : BulkLayout.of(type, bulk);
        return new Level(write, ref, set, record, primitiveBytes, at, references, from, custom, desc);
    }

    /** The reference fields among {@code fields}. */
    private static int referenceCount(final ObjectStreamField[] fields) {
        int references = 0;
        for (ObjectStreamField f : fields) {
            references += f.isPrimitive() ? 0 : 1;
        }
        return references;
    }

    /** The bytes of the primitive fields among {@code fields} in the stream (a bulk record is packed the same). */
    private static int primitiveBytes(final ObjectStreamField[] fields) {
        int bytes = 0;
        for (ObjectStreamField f : fields) {
            if (f.isPrimitive()) {
                bytes += switch (f.getTypeCode()) {
                    case 'J', 'D' -> 8;
                    case 'I', 'F' -> 4;
                    case 'S', 'C' -> 2;
                    default -> 1;
                };
            }
        }
        return bytes;
    }

    /**
     * The bulk record of the class's own level, {@code name:descriptor} joined by {@code ;} in record order, as the
     * generated class's synthetic {@code $sb$bulk} holds it; null when the level is written field by field. (The
     * class is initialized already: the JDK's descriptor of it read its serialVersionUID.)
     */
    private static String bulkRecord(final Class<?> type, final MethodHandles.Lookup lookup) throws Throwable {
        Field field;
        try {
            field = type.getDeclaredField(BULK_FIELD);
        } catch (NoSuchFieldException e) {
            return null;
        }
        if (!field.isSynthetic() || !Modifier.isStatic(field.getModifiers()) || field.getType() != String.class) {
            throw new IllegalStateException(type.getName() + "." + BULK_FIELD + " is not serialboost's");
        }
        return (String) lookup.findStaticGetter(type, BULK_FIELD, String.class).invokeExact();
    }

    /** The descriptor's fields in the order of the bulk record {@code spec}; fails unless they are the same fields. */
    private static ObjectStreamField[] inRecordOrder(final ObjectStreamField[] fields, final String spec,
                                                     final Class<?> type) {
        Map<String, ObjectStreamField> byName = new HashMap<>();
        for (ObjectStreamField f : fields) {
            byName.put(f.getName(), f);
        }
        String[] parts = spec.split(";");
        ObjectStreamField[] ordered = new ObjectStreamField[parts.length];
        for (int i = 0; i < parts.length; i++) {
            int colon = parts[i].indexOf(':');
            ObjectStreamField f = byName.remove(parts[i].substring(0, colon));
            if (f == null || !f.isPrimitive() || f.getTypeCode() != parts[i].charAt(colon + 1)
                    || parts[i].length() != colon + 2) {
                throw new IllegalStateException("the bulk record of " + type.getName() + " does not match its fields");
            }
            ordered[i] = f;
        }
        if (!byName.isEmpty()) {
            throw new IllegalStateException("the bulk record of " + type.getName() + " does not match its fields");
        }
        return ordered;
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
    private static ObjectStreamClass convertedDescriptor(final Class<?> type, final View superView,
                                                         final String bulk) throws Throwable {
        // the constructor looks the superclass's descriptor up: have it built, and held, before the flag is set
        ObjectStreamClass ordinary = (ObjectStreamClass) JdkObjectStreamClass.LocalDescriptors.LOOKUP
                .invokeExact(type, true);
        ObjectStreamClass view;
        BUILDING.set(type);
        try {
            view = (ObjectStreamClass) JdkObjectStreamClass.LocalDescriptors.NEW_OF_CLASS.invokeExact(type);
        } finally {
            BUILDING.remove();
        }
        if (!(boolean) JdkObjectStreamClass.EXTERNALIZABLE.invokeExact(view)) {
            throw new IllegalStateException("the descriptor of " + type.getName() + " was not built as converted");
        }
        if (bulk != null) {
            // the descriptor lists the fields in the order the record has them, so a reader of another shape can
            // take the record apart (the JDK's own order is that of the fields written one by one)
            ObjectStreamField[] declared = (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(view);
            ObjectStreamField[] fields = inRecordOrder(declared, bulk, type);
            JdkObjectStreamClass.SET_FIELDS.invokeExact(view, fields);
            JdkObjectStreamClass.COMPUTE_FIELD_OFFSETS.invokeExact(view);
            Object reflector = (Object) JdkObjectStreamClass.LocalDescriptors.GET_REFLECTOR.invokeExact(fields, view);
            JdkObjectStreamClass.SET_FIELD_REFL.invokeExact(view, reflector);
        }
        // the mark of unframed data: see descriptorProtocol
        JdkObjectStreamClass.SET_HAS_WRITE_OBJECT_DATA.invokeExact(view, true);
        java.lang.reflect.Constructor<?> cons = (java.lang.reflect.Constructor<?>) JdkObjectStreamClass.CONS
                .invokeExact(ordinary);
        JdkObjectStreamClass.SET_CONS.invokeExact(view, cons);
        Object deserializeEx = (Object) JdkObjectStreamClass.DESERIALIZE_EX.invokeExact(ordinary);
        JdkObjectStreamClass.SET_DESERIALIZE_EX.invokeExact(view, deserializeEx);
        if (JdkObjectStreamClass.DOMAINS != null) {
            JdkObjectStreamClass.SET_DOMAINS.invokeExact(view,
                    (java.security.ProtectionDomain[]) JdkObjectStreamClass.DOMAINS.invokeExact(ordinary));
        }
        if (superView.desc != null) {
            JdkObjectStreamClass.SET_SUPER_DESC.invokeExact(view, superView.desc);
        }
        Reference.reachabilityFence(ordinary);
        return view;
    }
}
