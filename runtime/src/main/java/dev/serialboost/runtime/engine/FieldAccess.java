package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkFieldReflector;
import dev.serialboost.runtime.jdk.JdkLookup;
import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import dev.serialboost.runtime.jdk.JdkUnsafe;
import java.io.ObjectStreamClass;
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
     * Whether copies can be generated on this JVM (the reflector's arrays, and the offset of a byte array's elements,
     * can be had): asked at the first copy, not when the agent sets {@link #generator}, which may happen while a
     * stream class loads.
     */
    private static final class Generation {
        static final boolean POSSIBLE;

        static {
            // the calls the patch replaced (the patch is applied with java.io open to the runtime): a fall-back needs
            // nothing else
            if (JdkObjectStreamClass.GET_PRIM_FIELD_VALUES == null
                    || JdkObjectStreamClass.SET_PRIM_FIELD_VALUES == null) {
                throw new IllegalStateException("a java.io method the patched JDK code calls cannot be reached",
                        JdkObjectStreamClass.PROBLEM);
            }
            // else nothing is generated: the reflector does every copy
            POSSIBLE = JdkLookup.firstProblem(JdkObjectStreamClass.PROBLEM, JdkFieldReflector.PROBLEM,
                    JdkUnsafe.PROBLEM) == null;
        }

        private Generation() {
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
            JdkObjectStreamClass.GET_PRIM_FIELD_VALUES.invokeExact(desc, obj, buf);
        }
    }

    /** Stands for {@code desc.setPrimFieldValues(obj, buf)} in {@code ObjectInputStream$FieldValues}. */
    public static void setPrimFieldValues(final ObjectStreamClass desc, final Object obj, final byte[] buf)
            throws Throwable {
        PrimFields copy = copy(desc, obj, buf);
        if (copy != null) {
            copy.set(obj, buf);
        } else {
            JdkObjectStreamClass.SET_PRIM_FIELD_VALUES.invokeExact(desc, obj, buf);
        }
    }

    /** The generated copy that may do this call, counting it; null when the descriptor's own method must. */
    private static PrimFields copy(final ObjectStreamClass desc, final Object obj, final byte[] buf)
            throws Throwable {
        if (obj == null || buf == null || desc == null || !Generation.POSSIBLE) {
            return null;
        }
        Object reflector = (Object) JdkObjectStreamClass.FIELD_REFL.invokeExact(desc);
        PrimFields copy = reflector == null ? null : copy(reflector, obj.getClass());
        return copy != null && buf.length >= copy.minLength ? copy : null;
    }

    /** Whether objects of {@code type} have their fields copied by generated code for {@code desc} (for tests). */
    static boolean generated(final ObjectStreamClass desc, final Class<?> type) throws Throwable {
        Object reflector = (Object) JdkObjectStreamClass.FIELD_REFL.invokeExact(desc);
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
            if (make != null) {
                Object r = site.reflector;
                int[] offsets = (int[]) JdkFieldReflector.OFFSETS.invokeExact(r);
                char[] typeCodes = (char[]) JdkFieldReflector.TYPE_CODES.invokeExact(r);
                int numPrimFields = (int) JdkFieldReflector.NUM_PRIM_FIELDS.invokeExact(r);
                long[] readKeys = (long[]) JdkFieldReflector.READ_KEYS.invokeExact(r);
                byte[] classFile = make.apply(new Object[] {PrimFields.class.getName().replace('.', '/'),
                    JdkUnsafe.BYTE_ARRAY_BASE, readKeys, (long[]) JdkFieldReflector.WRITE_KEYS.invokeExact(r), offsets,
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
}
