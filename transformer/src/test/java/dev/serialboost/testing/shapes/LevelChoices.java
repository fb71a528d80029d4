package dev.serialboost.testing.shapes;

import java.util.List;

/**
 * The raw random choices for one class level, before {@link ShapeModel#of} makes them consistent with the
 * level's place in the hierarchy (serializable or not, what the superclass's constructors are).
 */
public record LevelChoices(int version, boolean isPublic, boolean isFinal, List<FieldShape> fields,
                           List<StaticShape> statics, List<MethodShape> methods, CtorKind ctorKind,
                           Access noArgAccess, Access intCtorAccess, Access baseCtorAccess, Uid uid,
                           boolean redeclareSerializable, boolean serializableViaMarker, boolean primitiveOnly) {
}
