package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.util.Arrays;

/**
 * Bindings of stream class descriptors to their local class, as {@code ObjectStreamClass.initNonProxy} made them,
 * kept per class so that the next stream with the same descriptor gets a copy instead of binding it again. Exact
 * because {@code initNonProxy} sets its fields from nothing but the stream descriptor's content (name,
 * serialVersionUID, flags, field names and types), the local class and the superclass descriptor, which it only
 * stores; a binding is copied only when the content and class are the same, and the superclass descriptor is
 * always the stream's own. Only bindings {@code initNonProxy} made without throwing are kept, among them those that
 * record why the class's objects cannot be read ({@code deserializeEx}: an enum's, a class the stream and the local
 * side see as of different kinds), which it makes from the same inputs. Each is kept as a private copy with no
 * superclass descriptor ({@link BoundFields#template}), held by a {@code ClassValue}, so a class loader stays
 * collectable. Bounded: at most {@link #MAX_VARIANTS} per class (a hostile stream sending the same class in many
 * field variants binds the rest as without the cache).
 */
final class ResolvedDescriptors {

    static final int MAX_VARIANTS = 8;

    /**
     * One bound descriptor and what it was bound from. {@code model} is the stream descriptor object itself, kept only
     * when it describes no class (as those {@link DescriptorReader} reads): a descriptor a stream class's own
     * {@code readClassDescriptor} returned may be a local one of a class of another loader, which the binding must not
     * keep reachable for as long as {@code cl} lives; such a one is kept weakly, in {@code local} (a compact stream
     * returns the same {@code ObjectStreamClass.lookup} descriptor for every object of its class).
     */
    private record Bound(ObjectStreamClass model, Reference<ObjectStreamClass> local, String name, long suid,
                         int flags, String[] fieldNames, String[] fieldTypes, ObjectStreamClass desc) {

        boolean matches(final ObjectStreamClass model) throws Throwable {
            if (model == this.model || local != null && local.get() == model) {
                // the same descriptor object: its content cannot have changed (a descriptor has nothing that changes
                // it once a stream hands it out, read or looked up)
                return true;
            }
            if (suid != model.getSerialVersionUID()
                    || !name.equals(model.getName()) || flags != Engine.streamFlags(model)) {
                return false;
            }
            ObjectStreamField[] fields = (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(model);
            if (fields.length != fieldNames.length) {
                return false;
            }
            for (int i = 0; i < fields.length; i++) {
                // type strings of stream descriptors are interned by ObjectStreamField, field names are not
                if (fields[i].getTypeCode() != fieldTypes[i].charAt(0) || !fields[i].getName().equals(fieldNames[i])
                        || !fieldTypes[i].equals(signature(fields[i]))) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final class Variants {
        volatile Bound[] bound = new Bound[0];
    }

    private static final ClassValue<Variants> BY_CLASS = new ClassValue<>() {
        @Override
        protected Variants computeValue(final Class<?> type) {
            return new Variants();
        }
    };

    private ResolvedDescriptors() {
    }

    /** The binding of {@code model}'s content to {@code cl}, or null when not known. */
    static ObjectStreamClass find(final Class<?> cl, final ObjectStreamClass model) throws Throwable {
        for (Bound b : BY_CLASS.get(cl).bound) {
            if (b.matches(model)) {
                return b.desc;
            }
        }
        return null;
    }

    /** Keeps the binding {@code initNonProxy} just gave {@code desc} for {@code model} and {@code cl}. */
    static void offer(final Class<?> cl, final ObjectStreamClass model, final ObjectStreamClass desc)
            throws Throwable {
        ObjectStreamField[] fields = (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(model);
        String[] names = new String[fields.length];
        String[] types = new String[fields.length];
        for (int i = 0; i < fields.length; i++) {
            names[i] = fields[i].getName();
            types[i] = signature(fields[i]);
        }
        Variants variants = BY_CLASS.get(cl);
        if (variants.bound.length >= MAX_VARIANTS) {
            return;
        }
        boolean local = model.forClass() != null;
        Bound added = new Bound(local ? null : model, local ? new WeakReference<>(model) : null, model.getName(),
                model.getSerialVersionUID(), Engine.streamFlags(model), names, types, BoundFields.template(desc));
        synchronized (variants) {
            Bound[] known = variants.bound;
            if (known.length < MAX_VARIANTS) {
                Bound[] next = Arrays.copyOf(known, known.length + 1);
                next[known.length] = added;
                variants.bound = next;
            }
        }
    }

    /** The field's type as the stream gives it: its type code, or its type string for a reference. */
    private static String signature(final ObjectStreamField f) {
        return f.isPrimitive() ? String.valueOf(f.getTypeCode()) : f.getTypeString();
    }
}
