package dev.serialboost.transformer.converted;

import org.objectweb.asm.Opcodes;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Decides whether a class can be converted faithfully, from its class file and those of its
 * supertypes, without loading any class. Checks run cheapest first; the first one that fails names
 * the reason. Decisions of superclasses are made the same way and cached in the {@link ClassHierarchy},
 * so a subclass and its superclass always agree on whether the superclass is converted.
 */
final class EligibilityCheck {

    /** Bumped when the generated wire layout changes, so that old and new layouts never match. */
    /** Class-file version 49 (Java 5) is the first with {@code ldc} of a class constant. */
    static final int MIN_VERSION = Opcodes.V1_5;
    /** Below this class-file version the JVM lets a class store its own final fields outside {@code <init>}. */
    static final int FINAL_STORE_CHECKED_VERSION = Opcodes.V9;
    /** Dynamic constants ({@code CONSTANT_Dynamic}) need this class-file version. */
    static final int CONDY_VERSION = Opcodes.V11;
    /** Guards against hostile class files whose supertypes form a cycle. */
    private static final int MAX_DEPTH = 256;

    private static final String SERIALIZABLE = "java/io/Serializable";
    private static final String EXTERNALIZABLE = "java/io/Externalizable";
    /** The stream calls a {@code writeObject} must make (the first) and must not make (the others). */
    private static final String[] WRITE_OBJECT_CALLS = {"ObjectOutputStream.defaultWriteObject",
        "ObjectOutputStream.putFields", "ObjectOutputStream.writeFields"};
    /** The stream calls a {@code readObject} must make (the first) and must not make (the other). */
    private static final String[] READ_OBJECT_CALLS = {"ObjectInputStream.defaultReadObject",
        "ObjectInputStream.readFields"};
    private static final String[] AGENT_PACKAGES = {
        "dev/serialboost/agent/", "dev/serialboost/runtime/", "dev/serialboost/transformer/",
        "dev/serialboost/shaded/",
    };


    /**
     * The bulk record's order: widest first (a stable sort keeps declaration order within a width). A class of its
     * own, as {@link FieldSpec#STREAM_ORDER}: a lambda's first use costs more than a class's whole decision.
     */
    private static final Comparator<FieldSpec> WIDEST_FIRST = new Comparator<>() {
        @Override
        public int compare(final FieldSpec a, final FieldSpec b) {
            return Integer.compare(FieldSpec.width(b.descriptor()), FieldSpec.width(a.descriptor()));
        }
    };

    private final TransformOptions options;

    EligibilityCheck(final TransformOptions options) {
        this.options = options;
    }

    /** Decides for a class whose summary is at hand, caching the decision in {@code hierarchy}. */
    Decision decide(final ClassInfo info, final ClassHierarchy hierarchy) {
        Decision decision = check(info, hierarchy, 0);
        hierarchy.decisions.put(info.name, decision);
        return decision;
    }

    /**
     * The decision for a class that its header alone rules out (it cannot be serializable, is Externalizable
     * already, is not a class, is an enum or a record, ...), exactly as {@link #decide} would make it; null when the
     * rest of the class file is needed. Not cached: a subclass that asks (an enum constant's body) makes it again from
     * the remembered header.
     */
    Decision rejectFromHeader(final ClassHeader header, final ClassHierarchy hierarchy) {
        return checkHeader(header, hierarchy, 0);
    }

    private Decision decideSuperclass(final String internalName, final ClassHierarchy hierarchy, final int depth) {
        Decision known = hierarchy.decisions.get(internalName);
        if (known != null) {
            return known;
        }
        if (!ClassHierarchy.isJdk(internalName) && hierarchy.loadedBeforeAgent(internalName)) {
            Decision loaded = Decision.skipped(internalName.replace('/', '.'), SkipReason.LOADED_BEFORE_AGENT, "");
            hierarchy.decisions.put(internalName, loaded);
            return loaded;
        }
        ClassHeader header = hierarchy.header(internalName);
        Decision decision = header == null ? null : checkHeader(header, hierarchy, depth + 1);
        if (decision == null) {
            ClassInfo info = header == null ? null : hierarchy.info(internalName);
            decision = info == null
                    ? Decision.skipped(internalName.replace('/', '.'), SkipReason.UNRESOLVABLE_TYPE,
                            "class file of " + internalName.replace('/', '.') + " not found")
                    : check(info, hierarchy, depth + 1);
        }
        hierarchy.decisions.put(internalName, decision);
        return decision;
    }

    /** The checks a class's header settles, cheapest first; null when all pass. */
    private Decision checkHeader(final ClassHeader c, final ClassHierarchy hierarchy, final int depth) {
        String name = c.className();
        if (depth > MAX_DEPTH) {
            return Decision.skipped(name, SkipReason.UNRESOLVABLE_TYPE, "supertypes nest deeper than " + MAX_DEPTH);
        }
        if (c.majorVersion < MIN_VERSION) {
            return Decision.skipped(name, SkipReason.UNSUPPORTED_CLASS_FILE,
                    "class-file version " + c.majorVersion + "; serialboost handles 49 (Java 5) and later");
        }
        if (c.isNotAClass()) {
            return Decision.skipped(name, SkipReason.NOT_A_CLASS, "");
        }
        if (ClassHierarchy.isJdk(c.name)) {
            return Decision.skipped(name, SkipReason.JDK_CLASS, "");
        }
        if (c.superName == null) {
            return Decision.skipped(name, SkipReason.NOT_SERIALIZABLE, "");
        }
        boolean serializable;
        boolean externalizable;
        try {
            serializable = implementsType(c, SERIALIZABLE, hierarchy);
            externalizable = serializable && implementsType(c, EXTERNALIZABLE, hierarchy);
        } catch (ClassHierarchy.UnresolvableTypeException e) {
            return Decision.skipped(name, SkipReason.UNRESOLVABLE_TYPE, "class file of " + e.getMessage() + " not found");
        }
        if (!serializable) {
            return Decision.skipped(name, SkipReason.NOT_SERIALIZABLE, "");
        }
        if (externalizable) {
            return Decision.skipped(name, SkipReason.ALREADY_EXTERNALIZABLE, "");
        }
        for (String prefix : AGENT_PACKAGES) {
            if (c.name.startsWith(prefix)) {
                return Decision.skipped(name, SkipReason.AGENT_CLASS, "");
            }
        }
        if (c.is(Opcodes.ACC_ENUM) || "java/lang/Enum".equals(c.superName)) {
            return Decision.skipped(name, SkipReason.ENUM, "");
        }
        if ("java/lang/Record".equals(c.superName)) {
            return Decision.skipped(name, SkipReason.RECORD, "");
        }
        if ("java/lang/reflect/Proxy".equals(c.superName) || c.name.contains("$$Lambda")) {
            return Decision.skipped(name, SkipReason.GENERATED_CLASS, "");
        }
        return null;
    }

    private Decision check(final ClassInfo c, final ClassHierarchy hierarchy, final int depth) {
        Decision header = checkHeader(c.header, hierarchy, depth);
        if (header != null) {
            return header;
        }
        String name = c.className();
        ClassOptions classOptions = options.policy().optionsFor(name);
        if (!classOptions.included()) {
            return Decision.skipped(name, classOptions.unnamed() ? SkipReason.NOT_INCLUDED
                    : SkipReason.EXCLUDED_BY_CONFIG, classOptions.origin());
        }

        Decision own = checkOwnMembers(c);
        if (own != null) {
            return own;
        }

        List<String> notes = new ArrayList<>();
        String convertedSuperclass = null;
        ClassHeader superHeader = hierarchy.header(c.superName);
        if (superHeader == null) {
            return superclassNotFound(c);
        }
        if (hierarchy.isSubtype(c.superName, SERIALIZABLE)) {
            Decision superDecision = decideSuperclass(c.superName, hierarchy, depth);
            if (!superDecision.isConverted()) {
                return Decision.skipped(name, SkipReason.SUPERCLASS_NOT_CONVERTED, superDecision.toString());
            }
            convertedSuperclass = superDecision.className();
        } else {
            ClassHeader base = hierarchy.withConstructor(superHeader);
            if (base == null) {
                return superclassNotFound(c);
            }
            if (!hasSubclassAccessibleNoArgConstructor(base, c.header)) {
                return Decision.skipped(name, SkipReason.NO_VALID_CONSTRUCTOR,
                        base.className() + " has no no-arg constructor " + c.className() + " may call");
            }
        }


        List<FieldSpec> fields = new ArrayList<>();
        boolean hasFinal = false;
        boolean allPrimitive = true;
        for (ClassInfo.Field f : c.fields) {
            if (!f.is(Opcodes.ACC_STATIC | Opcodes.ACC_TRANSIENT)) {
                FieldSpec spec = new FieldSpec(f.name(), f.descriptor(), f.is(Opcodes.ACC_FINAL));
                hasFinal |= spec.isFinal();
                allPrimitive &= spec.isPrimitive();
                fields.add(spec);
            }
        }
        boolean custom = declaresCustomMethods(c);
        // a level with methods of its own is written by the JDK's defaultWriteObject from the descriptor's fields,
        // which a bulk record's layout is not
        boolean bulk = classOptions.bulk() && options.runtimeUnsafe() && allPrimitive && !fields.isEmpty()
                && c.majorVersion >= FINAL_STORE_CHECKED_VERSION && !custom;
        if (custom) {
            notes.add("default fields converted, its writeObject/readObject run for the rest");
        }
        if (bulk) {
            // the canonical record: widest first, then declaration order (a stable sort keeps it)
            fields.sort(WIDEST_FIRST);
            int bytes = 0;
            for (FieldSpec f : fields) {
                bytes += FieldSpec.width(f.descriptor());
            }
            notes.add("fields copied as one " + bytes + "-byte record");
        } else {
            fields.sort(FieldSpec.STREAM_ORDER);
        }
        boolean needsCondy = bulk || (hasFinal && c.majorVersion >= FINAL_STORE_CHECKED_VERSION);
        if (hasFinal) {
            if (c.majorVersion < FINAL_STORE_CHECKED_VERSION) {
                notes.add("final fields stored directly (class-file version " + c.majorVersion + ")");
            } else if (!options.runtimeUnsafe()) {
                return Decision.skipped(name, SkipReason.FINAL_FIELDS_UNSUPPORTED,
                        "the serialboost runtime has no access to jdk.internal.misc.Unsafe");
            } else if (!bulk) {
                notes.add("final fields stored through the serialboost runtime");
            }
        }
        if (needsCondy && c.majorVersion < CONDY_VERSION) {
            notes.add("class-file version raised from " + c.majorVersion + " to " + CONDY_VERSION);
        }
        // no serialVersionUID to work out: what is added (private methods, private static fields, no static
        // initializer) is what the JDK's default value leaves out, so a class that declares none keeps its value
        return new Decision(name, null, "", fields, bulk, convertedSuperclass, notes);
    }

    private static Decision superclassNotFound(final ClassInfo c) {
        return Decision.skipped(c.className(), SkipReason.UNRESOLVABLE_TYPE,
                "class file of " + c.superName.replace('/', '.') + " not found");
    }

    /** Checks that concern the class's own members; {@code null} when all pass. */
    private static Decision checkOwnMembers(final ClassInfo c) {
        String name = c.className();
        for (ClassInfo.Field f : c.fields) {
            if (f.name().startsWith(ClassInfo.MEMBER_PREFIX)) {
                return Decision.skipped(name, SkipReason.ALREADY_CONVERTED, "");
            }
        }
        if (c.prefixedMethod) {
            return Decision.skipped(name, SkipReason.ALREADY_CONVERTED, "");
        }
        Decision custom = checkCustomMethods(c);
        if (custom != null) {
            return custom;
        }
        ClassInfo.Field persistent = c.field("serialPersistentFields");
        int persistentMods = Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL;
        if (persistent != null && persistent.descriptor().equals("[Ljava/io/ObjectStreamField;")
                && (persistent.access() & persistentMods) == persistentMods) {
            return Decision.skipped(name, SkipReason.SERIAL_PERSISTENT_FIELDS, "");
        }
        // a serialVersionUID that is not a static final long is a field the JDK ignores (it computes the value); such a
        // class stays plain, as when serialboost still added a serialVersionUID of its own beside it
        ClassInfo.Field suid = c.field("serialVersionUID");
        if (suid != null && (!suid.descriptor().equals("J")
                || !suid.is(Opcodes.ACC_STATIC) || !suid.is(Opcodes.ACC_FINAL))) {
            return Decision.skipped(name, SkipReason.CONFLICTING_MEMBER, "");
        }
        // methods named writeExternal/readExternal are the class's own business: the generated bodies have names of
        // their own, and the stream engine calls a class's writeExternal only when it is Externalizable
        return null;
    }

    /**
     * A class may declare {@code writeObject} and {@code readObject} (the JDK honours them only when private and not
     * static; so do we) if they call {@code defaultWriteObject} and {@code defaultReadObject}: the default part is
     * converted, the rest of the class's data stays its own, written between the default part and an end marker as
     * the JDK writes it. A class that lays its fields out itself ({@code putFields}, {@code readFields}) or writes no
     * default part, or that declares {@code readObjectNoData}, stays plain. Null when the class may be converted.
     */
    private static Decision checkCustomMethods(final ClassInfo c) {
        if (c.readObjectNoData != null && honoured(c.readObjectNoData)) {
            return Decision.skipped(c.className(), SkipReason.READ_OBJECT_NO_DATA, "");
        }
        Decision write = checkCustomMethod(c, c.writeObject, WRITE_OBJECT_CALLS);
        return write != null ? write : checkCustomMethod(c, c.readObject, READ_OBJECT_CALLS);
    }

    /** {@link #checkCustomMethods} for one of the two methods ({@code null}: not declared). */
    private static Decision checkCustomMethod(final ClassInfo c, final ClassInfo.Method m, final String[] calls) {
        if (m == null || !honoured(m)) {
            return null;
        }
        for (int i = 1; i < calls.length; i++) {
            if (c.streamCalls.contains(calls[i])) {
                return Decision.skipped(c.className(), SkipReason.PUT_OR_GET_FIELDS, "calls " + calls[i]);
            }
        }
        if (!c.streamCalls.contains(calls[0])) {
            return Decision.skipped(c.className(), SkipReason.CUSTOM_SERIALIZATION,
                    "declares " + m.name() + " and never calls " + calls[0]);
        }
        return null;
    }

    /** Whether the JDK calls a class's special serialization method: private and not static. */
    private static boolean honoured(final ClassInfo.Method m) {
        return m.is(Opcodes.ACC_PRIVATE) && !m.is(Opcodes.ACC_STATIC);
    }

    /** Whether the class declares a {@code writeObject} or {@code readObject} the JDK calls. */
    static boolean declaresCustomMethods(final ClassInfo c) {
        return c.writeObject != null && honoured(c.writeObject) || c.readObject != null && honoured(c.readObject);
    }

    private static boolean implementsType(final ClassHeader c, final String type, final ClassHierarchy hierarchy) {
        if (hierarchy.isSubtype(c.superName, type)) {
            return true;
        }
        for (String i : c.interfaces) {
            if (hierarchy.isSubtype(i, type)) {
                return true;
            }
        }
        return false;
    }

    /** The JDK's rule for the first non-serializable superclass (ObjectStreamClass.getSerializableConstructor). */
    private static boolean hasSubclassAccessibleNoArgConstructor(final ClassHeader base, final ClassHeader sub) {
        int access = base.noArgConstructorAccess;
        if (access < 0 || (access & Opcodes.ACC_PRIVATE) != 0) {
            return false;
        }
        return (access & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED)) != 0
                || base.packageName().equals(sub.packageName());
    }
}
