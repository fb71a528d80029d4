package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.Privileged;
import java.io.ObjectStreamClass;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.Function;

/**
 * The engine layer's per-class field access: what the stream classes call, once patched ({@code
 * dev.serialboost.transformer.engine.FieldAccessPatch}), where they called {@code desc.getPrimFieldValues} and {@code
 * desc.setPrimFieldValues}, whose {@code FieldReflector} copies the fields in a loop with a type switch per field. Once
 * a reflector has copied the fields of objects of one class {@link #WARM} times, a {@link PrimFields} class is
 * generated for it ({@link #generator}) that copies them in straight-line code with the reflector's own keys and
 * offsets; from then on that class does the copy for that reflector and that class of object.
 *
 * <p>Exact: the generated code does what the reflector does, field by field (same {@code Unsafe} accesses, same bytes);
 * it runs only for a non-null object and a long enough array, and the descriptor's own method runs otherwise and until
 * the class is generated, so every exception is the JDK's own. A reflector's arrays never change once it is made, so
 * its generated copy stays right for as long as the reflector lives.
 *
 * <p>Kept per class of object ({@code ClassValue}): at most {@link #MAX_REFLECTORS} reflectors, each with its count and
 * its generated class (hidden, in this package, unloaded with its last user). A reflector references only the class's
 * fields and their types, so nothing here keeps another class loader alive. Further reflectors of one class (a hostile
 * stream's field variants) are copied by the reflector itself.
 */
public final class FieldAccess {

    /** Calls by one reflector for one class before its copy is generated: classes used once never pay for it. */
    static final int WARM = 500;
    /** Reflectors kept per class of object. */
    static final int MAX_REFLECTORS = 8;
    /** {@code Unsafe.INVALID_FIELD_OFFSET}: the key of a field the class lacks. */
    private static final long INVALID_FIELD_OFFSET = -1;

    /**
     * Makes the class file of a {@link PrimFields} subclass named {@code args[0]}, from {@code {name,
     * Unsafe.ARRAY_BYTE_BASE_OFFSET, readKeys, writeKeys, offsets, typeCodes, numPrimFields}}, or null when it would
     * not copy those fields; set by the agent when it installs the runtime (it has the class-file writer), null when
     * nothing is to be generated. Package-private: installed in {@code java.io}, nothing but the agent's installer,
     * to which alone {@code java.io} is opened, can set it.
     */
    static volatile Function<Object[], byte[]> generator;

    /**
     * The reflector's arrays, reached when the first copy is generated (not when the agent sets {@link #generator},
     * which may happen while a stream class loads).
     */
    private static final class Reflectors {
        /** {@code desc.fieldRefl}, {@code desc.getPrimFieldValues(obj, buf)}, {@code desc.setPrimFieldValues}. */
        private static final MethodHandle FIELD_REFL;
        private static final MethodHandle GET;
        private static final MethodHandle SET;
        private static final MethodHandle READ_KEYS;
        private static final MethodHandle WRITE_KEYS;
        private static final MethodHandle OFFSETS;
        private static final MethodHandle TYPE_CODES;
        private static final MethodHandle NUM_PRIM_FIELDS;
        private static final long BYTE_ARRAY_BASE;

        static {
            MethodHandle[] h = new MethodHandle[8];
            long[] base = {-1};
            Privileged.call(() -> lookUp(h, base));
            GET = h[6];
            SET = h[7];
            FIELD_REFL = h[5];
            READ_KEYS = h[0];
            WRITE_KEYS = h[1];
            OFFSETS = h[2];
            TYPE_CODES = h[3];
            NUM_PRIM_FIELDS = h[4];
            BYTE_ARRAY_BASE = base[0];
        }

        /**
         * Finds the handles into {@code h} (the reflector's arrays, {@code desc.fieldRefl}, the two calls the patch
         * replaced) and the array base into {@code base[0]}; throws when even the replaced calls cannot be reached.
         */
        private static Void lookUp(final MethodHandle[] h, final long[] base) {
            // the calls the patch replaced (the patch is applied with java.io open to this module): a fall-back needs
            // nothing else
            try {
                MethodHandles.Lookup osc = MethodHandles.privateLookupIn(ObjectStreamClass.class,
                        MethodHandles.lookup());
                MethodType copy = MethodType.methodType(void.class, Object.class, byte[].class);
                h[6] = osc.findVirtual(ObjectStreamClass.class, "getPrimFieldValues", copy);
                h[7] = osc.findVirtual(ObjectStreamClass.class, "setPrimFieldValues", copy);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("a java.io method the patched JDK code calls cannot be reached", e);
            }
            try {
                Class<?> reflector = Class.forName("java.io.ObjectStreamClass$FieldReflector");
                MethodHandles.Lookup io = MethodHandles.privateLookupIn(reflector, MethodHandles.lookup());
                h[5] = MethodHandles.privateLookupIn(ObjectStreamClass.class, MethodHandles.lookup())
                        .findGetter(ObjectStreamClass.class, "fieldRefl", reflector)
                        .asType(MethodType.methodType(Object.class, ObjectStreamClass.class));
                h[0] = getter(io, reflector, "readKeys", long[].class);
                h[1] = getter(io, reflector, "writeKeys", long[].class);
                h[2] = getter(io, reflector, "offsets", int[].class);
                h[3] = getter(io, reflector, "typeCodes", char[].class);
                h[4] = getter(io, reflector, "numPrimFields", int.class);
                Class<?> unsafe = Class.forName("jdk.internal.misc.Unsafe");
                base[0] = ((Number) unsafe.getField("ARRAY_BYTE_BASE_OFFSET").get(null)).longValue();
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                h[5] = null; // nothing is generated: the reflector does every copy
            }
            return null;
        }
    }

    /** The copy of a reflector that has none: it keeps doing the copy itself. */
    private static final PrimFields NONE = new PrimFields();

    /** One reflector seen for a class of object: its calls so far, then its copy (or {@link #NONE}). */
    private static final class Site {
        final Object reflector;
        int calls;
        /** Written once, with its {@code minLength} set before. */
        volatile PrimFields copy;

        Site(final Object reflector) {
            this.reflector = reflector;
        }
    }

    private static final class Sites {
        volatile Site[] sites = new Site[0];
    }

    private static final ClassValue<Sites> BY_CLASS = new ClassValue<>() {
        @Override
        protected Sites computeValue(final Class<?> type) {
            return new Sites();
        }
    };

    private FieldAccess() {
    }

    /** Stands for {@code desc.getPrimFieldValues(obj, buf)} in {@code ObjectOutputStream.defaultWriteFields}. */
    static void getPrimFieldValues(final ObjectStreamClass desc, final Object obj, final byte[] buf)
            throws Throwable {
        PrimFields copy = copy(desc, obj, buf);
        if (copy != null && copy.gets) {
            copy.get(obj, buf);
        } else {
            Reflectors.GET.invokeExact(desc, obj, buf);
        }
    }

    /** Stands for {@code desc.setPrimFieldValues(obj, buf)} in {@code ObjectInputStream$FieldValues}. */
    public static void setPrimFieldValues(final ObjectStreamClass desc, final Object obj, final byte[] buf)
            throws Throwable {
        PrimFields copy = copy(desc, obj, buf);
        if (copy != null) {
            copy.set(obj, buf);
        } else {
            Reflectors.SET.invokeExact(desc, obj, buf);
        }
    }

    /** The generated copy that may do this call, counting it; null when the descriptor's own method must. */
    private static PrimFields copy(final ObjectStreamClass desc, final Object obj, final byte[] buf)
            throws Throwable {
        if (obj == null || buf == null || desc == null || Reflectors.FIELD_REFL == null) {
            return null;
        }
        Object reflector = (Object) Reflectors.FIELD_REFL.invokeExact(desc);
        PrimFields copy = reflector == null ? null : copy(reflector, obj.getClass());
        return copy != null && buf.length >= copy.minLength ? copy : null;
    }

    /** Whether objects of {@code type} have their fields copied by generated code for {@code desc} (for tests). */
    static boolean generated(final ObjectStreamClass desc, final Class<?> type) throws Throwable {
        Object reflector = (Object) Reflectors.FIELD_REFL.invokeExact(desc);
        for (Site site : BY_CLASS.get(type).sites) {
            if (site.reflector == reflector) {
                return site.copy != null && site.copy != NONE;
            }
        }
        return false;
    }

    /** The generated copy for this reflector and class of object, counting the call; null while there is none. */
    private static PrimFields copy(final Object reflector, final Class<?> type) {
        Sites sites = BY_CLASS.get(type);
        Site[] all = sites.sites;
        for (Site site : all) {
            if (site.reflector == reflector) {
                PrimFields copy = site.copy;
                if (copy != null) {
                    return copy == NONE ? null : copy;
                }
                // not exact under races, and need not be: it only decides when the copy is made
                if (++site.calls >= WARM) {
                    return generate(site);
                }
                return null;
            }
        }
        if (all.length < MAX_REFLECTORS && generator != null) {
            synchronized (sites) {
                Site[] now = sites.sites;
                if (now.length < MAX_REFLECTORS) {
                    for (Site site : now) {
                        if (site.reflector == reflector) {
                            return null;
                        }
                    }
                    Site[] more = java.util.Arrays.copyOf(now, now.length + 1);
                    more[now.length] = new Site(reflector);
                    sites.sites = more;
                }
            }
        }
        return null;
    }

    private static synchronized PrimFields generate(final Site site) {
        if (site.copy != null) {
            return site.copy == NONE ? null : site.copy;
        }
        PrimFields copy = NONE;
        try {
            Function<Object[], byte[]> make = generator;
            if (make != null && Reflectors.BYTE_ARRAY_BASE >= 0) {
                Object r = site.reflector;
                int[] offsets = (int[]) Reflectors.OFFSETS.invokeExact(r);
                char[] typeCodes = (char[]) Reflectors.TYPE_CODES.invokeExact(r);
                int numPrimFields = (int) Reflectors.NUM_PRIM_FIELDS.invokeExact(r);
                long[] readKeys = (long[]) Reflectors.READ_KEYS.invokeExact(r);
                byte[] classFile = make.apply(new Object[] {PrimFields.class.getName().replace('.', '/'),
                    Reflectors.BYTE_ARRAY_BASE, readKeys, (long[]) Reflectors.WRITE_KEYS.invokeExact(r), offsets,
                    typeCodes, numPrimFields});
                if (classFile != null) {
                    MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClass(classFile, true);
                    PrimFields made = (PrimFields) hidden.findConstructor(hidden.lookupClass(),
                            MethodType.methodType(void.class)).invoke();
                    made.minLength = minLength(offsets, typeCodes, numPrimFields);
                    made.gets = true;
                    for (int i = 0; i < numPrimFields; i++) {
                        made.gets &= readKeys[i] != INVALID_FIELD_OFFSET;
                    }
                    copy = made;
                }
            }
        } catch (Throwable t) {
            // the reflector keeps doing the copy, as without the agent
        }
        site.copy = copy;
        return copy == NONE ? null : copy;
    }

    private static int minLength(final int[] offsets, final char[] typeCodes, final int numPrimFields) {
        int end = 0;
        for (int i = 0; i < numPrimFields; i++) {
            char t = typeCodes[i];
            int size = t == 'J' || t == 'D' ? 8 : t == 'I' || t == 'F' ? 4 : t == 'C' || t == 'S' ? 2 : 1;
            end = Math.max(end, offsets[i] + size);
        }
        return end;
    }

    private static MethodHandle getter(final MethodHandles.Lookup io, final Class<?> reflector, final String name,
                                       final Class<?> type) throws ReflectiveOperationException {
        return io.findGetter(reflector, name, type).asType(MethodType.methodType(type, Object.class));
    }
}
