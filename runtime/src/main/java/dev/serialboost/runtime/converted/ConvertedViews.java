package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.Privileged;
import dev.serialboost.runtime.jdk.JdkLookup;
import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import java.io.Externalizable;
import java.io.ObjectOutput;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The converted view of each class ({@link ConvertedView}), made when the class is first written or read and kept by
 * a {@code ClassValue}: the view of a class that carries generated bodies of its own, the {@linkplain #reading reading
 * view} of a class this JVM does not convert whose converted data a stream has, or {@link #PLAIN}. Views are made as
 * the runtime's own action: a Security Manager (JDK 17-23) must not see the application's frames here.
 */
final class ConvertedViews {

    /** The synthetic static field of a bulk level's class that names its record's fields in order. */
    static final String BULK_FIELD = "$sb$bulk";

    /** Why views cannot be made on this JVM (the first group of JDK members that is missing), or null. */
    static final Throwable PROBLEM = JdkLookup.firstProblem(JdkObjectStreamClass.PROBLEM,
            JdkObjectStreamClass.LocalDescriptors.PROBLEM);

    /** The view of a class without one: its objects are written and read as the JDK writes and reads them. */
    static final ConvertedView PLAIN = new ConvertedView(null, new ConvertedLevel[0], false, null, 0, null);

    private static final ClassValue<ConvertedView> VIEWS = new ClassValue<>() {
        @Override
        protected ConvertedView computeValue(final Class<?> type) {
            return Privileged.call(() -> viewOf(type));
        }
    };

    /** The {@linkplain #reading reading views} of classes without a converted view, made when first needed. */
    private static final ClassValue<ConvertedView> READING_VIEWS = new ClassValue<>() {
        @Override
        protected ConvertedView computeValue(final Class<?> type) {
            return Privileged.call(() -> readingView(type));
        }
    };

    private ConvertedViews() {
    }

    /** Null when views can be made on this JVM, else why not. */
    static String availability() {
        return PROBLEM == null ? null : "java.io.ObjectStreamClass has no accessible lookup, constructor,"
                + " externalizable/serializable flags, cons, deserializeEx, superDesc, fields, computeFieldOffsets,"
                + " hasWriteObjectData, hasBlockExternalData, fieldRefl or getReflector (" + PROBLEM + ")";
    }

    /** The view of a class that carries generated bodies of its own, else {@link #PLAIN}. */
    static ConvertedView of(final Class<?> type) {
        return VIEWS.get(type);
    }

    /**
     * The reading view of {@code type}, a class without a converted view, for its converted data a stream has (see
     * {@link #readingView}); {@link #PLAIN} when it cannot have one.
     */
    static ConvertedView reading(final Class<?> type) {
        return READING_VIEWS.get(type);
    }

    /** The own methods of the level {@code type} declares in its converted view, or null. */
    static CustomLevels.Methods customMethods(final Class<?> type) {
        return type == null ? null : of(type).ownMethods();
    }

    /**
     * The own methods ({@code writeObject}/{@code readObject}) of the local class {@code type} a stream descriptor
     * of converted data is bound to (its converted view, or its {@linkplain #reading reading view}), or null.
     */
    static CustomLevels.Methods readMethods(final Class<?> type) {
        if (type == null) {
            return null;
        }
        ConvertedView view = of(type);
        return (view.desc != null ? view : reading(type)).ownMethods();
    }

    /**
     * A private lookup in a converted class. The runtime, installed in {@code java.base}, first reads the class's
     * module (an application's unnamed module is open to every module, but a named module reads none it is not told
     * to); {@code addReads} from this module's own code is allowed, and where the runtime is not installed (its own
     * tests) it does nothing.
     */
    private static MethodHandles.Lookup privateLookupIn(final Class<?> type) throws IllegalAccessException {
        ConvertedViews.class.getModule().addReads(type.getModule());
        return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
    }

    /**
     * The view of {@code type} when it carries generated bodies of its own and every serializable superclass has a
     * view, else {@link #PLAIN}.
     */
    private static ConvertedView viewOf(final Class<?> type) {
        if (PROBLEM != null || !Serializable.class.isAssignableFrom(type) || Externalizable.class.isAssignableFrom(type)
                || type.isArray() || type.isEnum() || type.isRecord() || type.isInterface() || !declaresBodies(type)) {
            return PLAIN;
        }
        Class<?> superclass = type.getSuperclass();
        ConvertedView superView = of(superclass);
        if (Serializable.class.isAssignableFrom(superclass) && superView.desc == null) {
            return PLAIN; // every serializable superclass of a converted class is converted: something is off
        }
        try {
            MethodHandles.Lookup lookup = privateLookupIn(type);
            String bulk = bulkRecord(type, lookup);
            ObjectStreamClass desc = ViewDescriptors.build(type, superView, bulk);
            ObjectStreamField[] fields = (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(desc);
            ConvertedLevel[] above = superView.desc != null ? superView.levels : new ConvertedLevel[0];
            ConvertedLevel[] levels = Arrays.copyOf(above, above.length + 1);
            levels[above.length] = level(type, lookup, fields, bulk, superView.primitiveBytes,
                    superView.references, desc);
            List<ConvertedShape.Level> shapes = new ArrayList<>();
            List<Object> reflectors = new ArrayList<>();
            boolean references = false;
            shapes.add(new ConvertedShape.Level(type.getName(), bulk != null, levels[above.length].custom != null,
                    fields));
            reflectors.add((Object) JdkObjectStreamClass.FIELD_REFL.invokeExact(desc));
            for (ConvertedView v = superView; v != null && v.desc != null; v = v.superView) {
                shapes.add(0, new ConvertedShape.Level(v.desc.getName(), v.bulk, v.ownMethods() != null,
                        (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(v.desc)));
                reflectors.add((Object) JdkObjectStreamClass.FIELD_REFL.invokeExact(v.desc));
            }
            for (ConvertedShape.Level level : shapes) {
                for (ObjectStreamField f : level.fields()) {
                    references |= !f.isPrimitive();
                }
            }
            return new ConvertedView(desc, levels, bulk != null, superView.desc != null ? superView : null,
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
     * ViewDescriptors#build} builds a converted view's, with the class's serializable fields as the JDK has them
     * (its {@code serialPersistentFields} included), a level without generated bodies, and the class's own {@code
     * readObject} if it has one: the JDK binds the stream's descriptors to it, and {@link EvolvedRead} reads the data
     * as plain JDK reads the plain format's, field by field, through the class's {@code readObject} and {@code
     * readObjectNoData}; a record's through {@link ConvertedFormat#readRecord}. Never used for writing. {@link #PLAIN}
     * when the class cannot have one (not a {@code Serializable} class, {@code Externalizable}, an enum, a class of a
     * module that does not open its package, or one with a superclass that cannot).
     */
    private static ConvertedView readingView(final Class<?> type) {
        if (PROBLEM != null || CustomLevels.availability() != null || !Serializable.class.isAssignableFrom(type)
                || Externalizable.class.isAssignableFrom(type) || type.isArray() || type.isEnum()
                || type.isInterface() || Proxy.isProxyClass(type) || of(type).desc != null) {
            return PLAIN;
        }
        Class<?> superclass = type.getSuperclass();
        ConvertedView superView = PLAIN;
        if (Serializable.class.isAssignableFrom(superclass)) {
            superView = of(superclass);
            if (superView.desc == null) {
                superView = reading(superclass);
                if (superView.desc == null) {
                    return PLAIN;
                }
            }
        }
        try {
            MethodHandles.Lookup lookup = privateLookupIn(type);
            ObjectStreamClass desc = ViewDescriptors.build(type, superView, null);
            ConvertedLevel[] above = superView.desc != null ? superView.levels : new ConvertedLevel[0];
            ConvertedLevel[] levels = Arrays.copyOf(above, above.length + 1);
            // a record's writeObject/readObject, if any, the JDK ignores: it reads a record through readRecord
            levels[above.length] = new ConvertedLevel(null, null, null, null, 0, 0, 0, 0,
                    type.isRecord() ? null : CustomLevels.of(type, lookup), desc);
            return new ConvertedView(desc, levels, false, superView.desc != null ? superView : null, 0, null, true);
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
    private static ConvertedLevel level(final Class<?> type, final MethodHandles.Lookup lookup,
                               final ObjectStreamField[] fields, final String bulk, final int at, final int from,
                               final ObjectStreamClass desc) throws Throwable {
        CustomLevels.Methods custom = CustomLevels.of(type, lookup);
        if (custom != null && (bulk != null || CustomLevels.availability() != null)) {
            // the class is then written in the plain format, as a class serialboost did not convert
            throw new IllegalStateException(type.getName() + " has methods of its own and a bulk record, or this JVM"
                    + " lacks what its methods need: " + CustomLevels.availability());
        }
        int ownBytes = ConvertedLevel.primitiveBytes(fields);
        int ownReferences = ConvertedLevel.referenceCount(fields);
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
        return new ConvertedLevel(write, ref, set, record, primitiveBytes, at, references, from, custom, desc);
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

    private static boolean declaresBodies(final Class<?> type) {
        try {
            Method write = type.getDeclaredMethod("$sb$write", ObjectOutput.class);
            return write.isSynthetic() && !Modifier.isStatic(write.getModifiers());
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
