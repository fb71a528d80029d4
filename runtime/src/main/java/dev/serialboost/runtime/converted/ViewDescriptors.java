package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.ref.Reference;
import java.lang.reflect.Constructor;
import java.security.ProtectionDomain;
import java.util.HashMap;
import java.util.Map;

/**
 * The descriptor of a converted view: built by the JDK's own {@code ObjectStreamClass(Class)} constructor as if the
 * class were {@code Externalizable} (the constructor asks {@link #building}, through the patched {@code
 * isAssignableFrom} in it, {@link ConvertedFormat#externalizableView}), then given what the class's ordinary
 * descriptor has for instantiation and its converted superclass's view as its superclass descriptor.
 */
final class ViewDescriptors {

    /** The class whose converted view this thread is building, for {@link #building}. */
    private static final ThreadLocal<Class<?>> BUILDING = new ThreadLocal<>();

    private ViewDescriptors() {
    }

    /**
     * Whether this thread is building a converted view's descriptor (and only that class's: the constructor's only
     * other descriptor, the superclass's, is built before).
     */
    static boolean building() {
        return BUILDING.get() != null;
    }

    /**
     * Has the JDK build a descriptor of {@code type} as if it were {@code Externalizable}, then gives it what the
     * class's ordinary descriptor has for instantiation (the serializable constructor, its protection domains, the
     * "no valid constructor" exception if any) and the converted view of the superclass as its superclass
     * descriptor.
     */
    static ObjectStreamClass build(final Class<?> type, final ConvertedView superView, final String bulk)
            throws Throwable {
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
        Constructor<?> cons = (Constructor<?>) JdkObjectStreamClass.CONS.invokeExact(ordinary);
        JdkObjectStreamClass.SET_CONS.invokeExact(view, cons);
        Object deserializeEx = (Object) JdkObjectStreamClass.DESERIALIZE_EX.invokeExact(ordinary);
        JdkObjectStreamClass.SET_DESERIALIZE_EX.invokeExact(view, deserializeEx);
        if (JdkObjectStreamClass.DOMAINS != null) {
            JdkObjectStreamClass.SET_DOMAINS.invokeExact(view,
                    (ProtectionDomain[]) JdkObjectStreamClass.DOMAINS.invokeExact(ordinary));
        }
        if (superView.desc != null) {
            JdkObjectStreamClass.SET_SUPER_DESC.invokeExact(view, superView.desc);
        }
        Reference.reachabilityFence(ordinary);
        return view;
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
}
