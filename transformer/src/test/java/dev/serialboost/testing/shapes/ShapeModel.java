package dev.serialboost.testing.shapes;

import java.util.ArrayList;
import java.util.List;

/**
 * A generated class hierarchy plus the seed of the values its instances get. {@code levels.get(0)} is the
 * leaf {@code gen.C0}; {@code levels.get(i)} extends {@code levels.get(i + 1)}; the last one extends
 * {@code Object}. The top levels may be non-serializable; the rest (at least the leaf) are serializable.
 *
 * @param valueSeed      seed of the {@link java.util.Random} that picks the field values
 * @param extraInstances how many more instances (of random serializable levels) the values may point to
 * @param rootInList     whether the stream's root is an {@code ArrayList} of all the instances (the
 *                       leaf instance first) rather than the leaf instance alone
 */
public record ShapeModel(List<ClassShape> levels, long valueSeed, int extraInstances, boolean rootInList) {

    /** A generated interface that extends {@code java.io.Serializable}. */
    public static final String MARKER = "gen/Marker";

    public ShapeModel {
        levels = List.copyOf(levels);
    }

    /**
     * Makes raw choices consistent: the top {@code min(nonSerializableTop, levels - 1)} levels are not
     * serializable; a serializable level whose superclass has no no-arg constructor it may call gets
     * only an int constructor that chains to {@code super(int)}; only the leaf may be final.
     */
    public static ShapeModel of(final List<LevelChoices> choices, final int nonSerializableTop,
                                final Integer uniformVersion, final long valueSeed, final int extraInstances,
                                final boolean rootInList) {
        int n = choices.size();
        int nonSerializable = Math.min(nonSerializableTop, n - 1);
        ClassShape[] levels = new ClassShape[n];
        boolean superHasNoArg = true; // java.lang.Object
        boolean superSerializable = false;
        for (int i = n - 1; i >= 0; i--) {
            LevelChoices c = choices.get(i);
            boolean serializable = i < n - nonSerializable;
            boolean hasNoArg;
            boolean hasInt;
            Access noArgAccess;
            Access intAccess = c.intCtorAccess();
            if (serializable) {
                CtorKind kind = superHasNoArg ? c.ctorKind() : CtorKind.INT_ONLY;
                hasNoArg = kind != CtorKind.INT_ONLY;
                hasInt = kind != CtorKind.NO_ARG;
                noArgAccess = c.noArgAccess();
                if (i > 0 && hasNoArg && noArgAccess == Access.PRIVATE) {
                    hasInt = true; // the subclass needs a constructor to chain to
                }
                if (i > 0 && !(hasNoArg && noArgAccess != Access.PRIVATE) && intAccess == Access.PRIVATE) {
                    intAccess = Access.PACKAGE; // the subclass chains to super(int)
                }
            } else {
                hasNoArg = true;
                hasInt = false;
                noArgAccess = c.baseCtorAccess();
            }
            List<FieldShape> fields = new ArrayList<>();
            for (FieldShape f : c.fields()) {
                FieldShape field = c.primitiveOnly() ? f.primitiveOnly() : f;
                fields.add(serializable ? field.withStores(hasInt, hasNoArg) : field.withStores(true, false));
            }
            List<MethodShape> methods = new ArrayList<>();
            for (MethodShape m : c.methods()) {
                methods.add(m.withName(m.name() + "_" + i)); // no overriding (of final methods, static by instance)
            }
            String superName = i == n - 1 ? "java/lang/Object" : "gen/C" + (i + 1);
            levels[i] = new ClassShape(i, uniformVersion != null ? uniformVersion : c.version(), superName,
                    serializable, serializable && (!superSerializable || c.redeclareSerializable())
                            ? c.serializableViaMarker() ? MARKER : "java/io/Serializable" : null,
                    c.isPublic(), i == 0 && c.isFinal(), fields, c.statics(), methods, hasNoArg, noArgAccess,
                    hasInt, intAccess, superHasNoArg, c.uid());
            superHasNoArg = hasNoArg && noArgAccess != Access.PRIVATE;
            superSerializable = serializable;
        }
        return new ShapeModel(List.of(levels), valueSeed, extraInstances, rootInList);
    }

    public boolean usesMarker() {
        return levels.stream().anyMatch(c -> MARKER.equals(c.serializableInterface()));
    }

    public ClassShape leaf() {
        return levels.get(0);
    }

    /** The serializable levels are {@code 0 .. serializableCount() - 1}. */
    public int serializableCount() {
        int count = 0;
        while (count < levels.size() && levels.get(count).serializable()) {
            count++;
        }
        return count;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("\n// ShapeModel: ").append(levels.size()).append(" levels, valueSeed=")
                .append(valueSeed).append("L, extraInstances=").append(extraInstances).append(", rootInList=")
                .append(rootInList).append('\n');
        s.append("package gen;\n");
        if (usesMarker()) {
            s.append("public interface Marker extends java.io.Serializable {}\n");
        }
        for (int i = levels.size() - 1; i >= 0; i--) {
            s.append(levels.get(i).source());
        }
        return s.toString();
    }
}
