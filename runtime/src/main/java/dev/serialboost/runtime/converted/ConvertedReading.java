package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.StreamCorruptedException;
import java.lang.ref.WeakReference;
import java.util.Arrays;

/**
 * An object of a converted class being read ({@link ConvertedFormat#readBegin}, {@link ConvertedFormat#readNext}):
 * the data read so far, until its last reference has come; and what reading an object's data takes besides, its
 * fields stored with the generated bodies, data of another shape handed to {@link EvolvedRead}.
 */
final class ConvertedReading {

    /** The object being read. */
    final Object obj;
    final ConvertedView view;
    final ObjectInput in;
    /** The object's data as read: the shape, then every level's primitives (from {@link ConvertedShape#BYTES}). */
    final byte[] primitives;
    /** The references that have come, in data order. */
    final Object[] references;
    /** How many references have come. */
    int next;
    /** The step whose primitives {@link #step} reads next. */
    ConvertedView.Step step;
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
    ConvertedReading(final Object obj, final ConvertedView view, final ObjectInput in, final byte[] data,
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
     * The patched loop's step: for a {@code ConvertedReading}, reads the primitives of the levels up to its next
     * reference's, and the levels with methods of their own among them, and returns it while a reference is still to
     * come ({@link ConvertedFormat#loopReads}); after the last, reads the levels left, stores every level's fields and
     * returns null. Any other {@code read} (null: the object is read; an evolved read, which reads on in {@link
     * ConvertedFormat#readNext}) is returned as it is. Called by the loop itself, not from {@link
     * ConvertedFormat#readBegin} or {@code readNext}: a level with methods of its own is read from this frame, the
     * only one of serialboost's between the loop and the class's {@code readObject}, so a chain of such objects
     * nests as deep as in the plain format.
     */
    static Object step(final Object read) throws IOException, ClassNotFoundException {
        if (!(read instanceof ConvertedReading r)) {
            return read;
        }
        try {
            ConvertedLevel[] levels = r.view.levels;
            ConvertedView.Step s = r.step;
            // the first level's primitives came with the shape, unless it is a level with methods of its own
            for (int k = s.first && levels[0].custom == null ? 1 : s.from; k <= s.to; k++) {
                ConvertedLevel level = levels[k];
                if (level.custom != null) {
                    r.storeBefore(k);
                    CustomLevels.read(r.obj, r.streamLevels[k], level.custom, (ObjectInputStream) r.in, true);
                } else if (level.primitiveBytes > 0) {
                    r.in.readFully(r.primitives, ConvertedShape.BYTES + level.at, level.primitiveBytes);
                }
            }
            if (s.next != null) {
                r.step = s.next;
                return ConvertedFormat.loopReads(r, r.in);
            }
            if (!r.missing) {
                store(r.obj, levels, r.stored, levels.length, r.primitives, ConvertedShape.BYTES, r.references);
            }
            return null;
        } catch (IOException | ClassNotFoundException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("serialboost: unexpected exception reading "
                    + r.obj.getClass().getName(), t);
        }
    }

    /**
     * Before level {@code k}, which has methods of its own, is read: stores the levels before it (the JDK assigns a
     * level's fields before the next level's {@code readObject} runs, unless the object carries an exception).
     */
    private void storeBefore(final int k) throws Throwable {
        if (!missing && !CustomLevels.failed((ObjectInputStream) in)) {
            store(obj, view.levels, stored, k, primitives, ConvertedShape.BYTES, references);
        }
        stored = k + 1;
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
    static void store(final Object obj, final ConvertedLevel[] levels, final int from, final int to,
                      final byte[] data, final int base, final Object[] references) throws Throwable {
        for (int k = from; k < to; k++) {
            ConvertedLevel level = levels[k];
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
     * Begins to read an object whose data has another {@code shape} than its class's (see {@link
     * ConvertedFormat#readBegin}), the primitives of its topmost level ({@code head}) read already.
     */
    static Object readEvolved(final Object obj, final ObjectInput in, final ObjectStreamClass desc,
                              final ConvertedView view, final int shape, final byte[] head) throws Throwable {
        // data that is no converted data (the shape matches no layout): the JDK's exception (see unknownShape)
        EvolvedRead.Reading evolved = new EvolvedRead.Reading(planFor(view, desc, shape, in), obj,
                (ObjectInputStream) in, head);
        return evolved.advance() ? evolved : null;
    }

    /** What a stream whose data has the local shape but other fields is: damaged. */
    static StreamCorruptedException notItsFields(final ObjectStreamClass desc, final Object obj) {
        return new StreamCorruptedException("the data of " + desc.getName() + " has the shape of "
                + obj.getClass().getName() + " but not its fields");
    }

    /**
     * The bytes of the primitives of the topmost level of the stream descriptor {@code desc}: in converted data,
     * those that follow the shape; none when that level carries custom data or its local class has methods of its
     * own (its class's methods then read from the shape on, through {@link CustomLevels}). {@code view} is the view
     * {@code desc} is bound to, which answers for a topmost level that is {@code desc}'s own without a second lookup.
     */
    static int firstLevelBytes(final ObjectStreamClass desc, final ConvertedView view) throws Throwable {
        ObjectStreamClass top = desc;
        for (ObjectStreamClass above = (ObjectStreamClass) JdkObjectStreamClass.SUPER_DESC.invokeExact(top);
                above != null; above = (ObjectStreamClass) JdkObjectStreamClass.SUPER_DESC.invokeExact(top)) {
            top = above;
        }
        if (ViewBinding.customData(top)) {
            return 0;
        }
        CustomLevels.Methods methods = top == desc ? view.ownMethods() : ConvertedViews.readMethods(top.forClass());
        return methods != null ? 0 : EvolvedRead.primDataSize(top);
    }

    /** The plan for objects of the stream descriptor {@code desc} with data of {@code shape}, kept or made. */
    private static EvolvedRead.Plan planFor(final ConvertedView view, final ObjectStreamClass desc, final int shape,
                                            final ObjectInput in) throws Throwable {
        for (int i = 0; i < ConvertedView.PLANS; i++) {
            WeakReference<EvolvedRead.Plan> ref = view.plans.get(i);
            EvolvedRead.Plan plan = ref == null ? null : ref.get();
            if (plan != null && plan.desc() == desc && plan.shape() == shape) {
                return plan;
            }
        }
        EvolvedRead.Plan plan = EvolvedRead.plan(desc, shape, in);
        view.plans.set(Math.floorMod(view.nextPlan.getAndIncrement(), ConvertedView.PLANS), new WeakReference<>(plan));
        return plan;
    }

    /** Whether each level of the stream descriptor {@code desc} is bound to the reflector of the same local level. */
    static boolean sameReflectors(final Object[] reflectors, final ObjectStreamClass desc) throws Throwable {
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
}
