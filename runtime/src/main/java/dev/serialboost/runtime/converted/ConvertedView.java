package dev.serialboost.runtime.converted;

import java.io.ObjectStreamClass;
import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The generated bodies and the converted view of one class; {@link ConvertedViews#PLAIN} for classes without. Made
 * once per class ({@link ConvertedViews}); the steps its objects are written and read in are made with it.
 */
final class ConvertedView {

    /** Plans for data of another shape kept per class ({@link #plans}). */
    static final int PLANS = 4;

    /** The converted view: the descriptor the JDK writes and reads the class's objects with; null for a plain view. */
    final ObjectStreamClass desc;
    /** Every converted level, the topmost converted superclass's first: the order of the data. */
    final ConvertedLevel[] levels;
    /** Bytes of all levels' primitives. */
    final int primitiveBytes;
    /** The object's references, over all levels. */
    final int references;
    /**
     * The first of the steps an object of this view is written ({@link ConvertedFormat#writeStep}) and read ({@link
     * ConvertedReading}) in, chained in data order.
     */
    final Step firstStep;
    /** Whether this class's own level is one bulk record (its descriptor lists the fields in record order). */
    final boolean bulk;
    /** Whether a level has methods of its own ({@link ConvertedLevel#custom}). */
    final boolean custom;
    /**
     * Whether this is a {@linkplain ConvertedViews#reading reading view}: of a class this JVM does not convert, for
     * reading converted data of it (always as data of another shape), never for writing.
     */
    final boolean reading;
    /** The view of the converted superclass, or null. */
    final ConvertedView superView;
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
    /** The descriptor's template for the engine layer, built on first use ({@link FormatSeamAnswers} keeps it). */
    volatile Object template;
    /**
     * How the last few stream descriptors of another shape are read ({@link EvolvedRead}), kept for their next
     * objects: {@link #PLANS} slots, replaced in turn, each held weakly (a stream descriptor may name classes of
     * other loaders), so a plan is made about once per stream and class, also when a few streams alternate.
     */
    final AtomicReferenceArray<WeakReference<EvolvedRead.Plan>> plans = new AtomicReferenceArray<>(PLANS);
    /** The slot the next new plan takes. */
    final AtomicInteger nextPlan = new AtomicInteger();

    /** The own methods of the level this view's class declares (its last), or null; null for a plain view. */
    CustomLevels.Methods ownMethods() {
        return desc == null ? null : levels[levels.length - 1].custom;
    }

    ConvertedView(final ObjectStreamClass desc, final ConvertedLevel[] levels, final boolean bulk,
                  final ConvertedView superView, final int shape, final Object[] reflectors) {
        this(desc, levels, bulk, superView, shape, reflectors, false);
    }

    ConvertedView(final ObjectStreamClass desc, final ConvertedLevel[] levels, final boolean bulk,
                  final ConvertedView superView, final int shape, final Object[] reflectors, final boolean reading) {
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
        for (ConvertedLevel level : levels) {
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

    /**
     * One step of an object of a converted view's data: the levels whose primitives it holds (the shape first, in the
     * first step), then a reference, which the patched {@code writeExternalData} writes ({@link
     * ConvertedFormat#writeStep}) and {@code readExternalData} reads ({@link ConvertedReading}); the last step has
     * none. Made with the view, so that the writing method's loop carries the step in its one local and the object's
     * view is looked up once, not once per reference.
     */
    static final class Step {
        final ConvertedView view;
        final boolean first;
        /** The levels (indices in {@link ConvertedView#levels}) whose primitives the step holds, both included. */
        final int from;
        final int to;
        /** The reference's index in level {@link #to}'s {@code $sb$ref}, or -1 in the last step. */
        final int refIndex;
        /** The next step, or null after the last. */
        final Step next;

        Step(final ConvertedView view, final boolean first, final int from, final int to, final int refIndex,
             final Step next) {
            this.view = view;
            this.first = first;
            this.from = from;
            this.to = to;
            this.refIndex = refIndex;
            this.next = next;
        }
    }
}
