package dev.serialboost.runtime;

import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.ref.WeakReference;
import java.util.Arrays;

/**
 * Stream class descriptors already bound to their local class by {@code ObjectStreamClass.initNonProxy}, kept per
 * class so that the next stream with the same descriptor reuses the bound one. Exact because {@code initNonProxy}
 * builds its result from nothing but the stream descriptor's content (name, serialVersionUID, flags, fields), the
 * local class and the superclass descriptor, and a bound descriptor is never changed afterwards; a descriptor is
 * reused only when all of these are the same (the superclass descriptor by identity, so it too must be a reused
 * one). Only descriptors that bound without any error are kept. Held by a {@code ClassValue}, so a class loader
 * stays collectable; the superclass descriptor, which may come from another loader, is held weakly. Bounded: at
 * most {@link #MAX_VARIANTS} descriptors per class (a hostile stream sending the same class in many field
 * variants binds the rest as without the cache).
 */
final class ResolvedDescriptors {

    static final int MAX_VARIANTS = 8;

    /** One bound descriptor and what it was bound from. */
    private record Bound(String name, long suid, int flags, String[] fieldNames, String[] fieldTypes,
                         WeakReference<ObjectStreamClass> superDesc, ObjectStreamClass desc) {
        // superDesc is null for none: a cleared reference must not match a descriptor without a superclass

        boolean matches(final ObjectStreamClass model, final ObjectStreamClass superDescriptor) throws Throwable {
            if (!sameSuper(superDescriptor) || suid != model.getSerialVersionUID()
                    || !name.equals(model.getName()) || flags != Engine.streamFlags(model)) {
                return false;
            }
            ObjectStreamField[] fields = Engine.fields(model);
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

        private boolean sameSuper(final ObjectStreamClass superDescriptor) {
            return superDesc == null ? superDescriptor == null
                    : superDescriptor != null && superDesc.get() == superDescriptor;
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

    /** Whether a superclass descriptor can be part of a key: none, or one this cache handed out. */
    static boolean shareable(final ObjectStreamClass superDesc) {
        if (superDesc == null) {
            return true;
        }
        Class<?> cl = superDesc.forClass();
        if (cl == null) {
            return false;
        }
        for (Bound b : BY_CLASS.get(cl).bound) {
            if (b.desc == superDesc) {
                return true;
            }
        }
        return false;
    }

    static ObjectStreamClass find(final Class<?> cl, final ObjectStreamClass model, final ObjectStreamClass superDesc)
            throws Throwable {
        for (Bound b : BY_CLASS.get(cl).bound) {
            if (b.matches(model, superDesc)) {
                return b.desc;
            }
        }
        return null;
    }

    static void offer(final Class<?> cl, final ObjectStreamClass model, final ObjectStreamClass superDesc,
                      final ObjectStreamClass desc) throws Throwable {
        ObjectStreamField[] fields = Engine.fields(model);
        String[] names = new String[fields.length];
        String[] types = new String[fields.length];
        for (int i = 0; i < fields.length; i++) {
            names[i] = fields[i].getName();
            types[i] = signature(fields[i]);
        }
        Bound added = new Bound(model.getName(), model.getSerialVersionUID(), Engine.streamFlags(model), names, types,
                superDesc == null ? null : new WeakReference<>(superDesc), desc);
        Variants variants = BY_CLASS.get(cl);
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
