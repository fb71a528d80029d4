package dev.serialboost.transformer;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The transformer's view of the classes one class loader can see: class-file summaries read on demand
 * from a {@link ClassFileSource} and cached, and the decisions already made for them. Create one per
 * class loader with {@link SerialboostTransformer#newHierarchy}; it is thread-safe.
 */
public final class ClassHierarchy {

    /** JDK class files are the same for every loader: read them once per JVM (empty: not in the JDK). */
    private static final Map<String, Optional<ClassInfo>> JDK_CLASSES = new ConcurrentHashMap<>();
    /** The running JDK's own classes: the platform loader finds those of the boot and platform modules, no jar's. */
    private static final ClassFileSource JDK = ClassFileSource.of(ClassLoader.getPlatformClassLoader());

    private final ClassFileSource source;
    private final Predicate<String> loadedBeforeAgent;
    private final Map<String, Optional<ClassInfo>> infos = new ConcurrentHashMap<>();
    /**
     * Answers of {@link #isSubtype} by target, then type: each class of a loader is walked up once per target, not
     * once per subclass that asks. Holds what {@link #infos} holds, no more; forgotten when {@link #remember} sees a
     * class whose supertypes differ from those it was answered with.
     */
    private final Map<String, Map<String, Boolean>> subtypes = new ConcurrentHashMap<>();
    final Map<String, Decision> decisions = new ConcurrentHashMap<>();

    ClassHierarchy(final ClassFileSource source, final Predicate<String> loadedBeforeAgent) {
        this.source = Objects.requireNonNull(source, "source");
        this.loadedBeforeAgent = Objects.requireNonNull(loadedBeforeAgent, "loadedBeforeAgent");
    }

    /** Whether a class (internal name) was already loaded, unconverted, when the agent started. */
    boolean loadedBeforeAgent(final String internalName) {
        return loadedBeforeAgent.test(internalName);
    }

    /** The summary of a class, or {@code null} when its class file cannot be read or parsed. */
    ClassInfo info(final String internalName) {
        if (internalName.startsWith("java/")) {
            return jdkInfo(internalName);
        }
        if (hasJdkPackageName(internalName)) {
            ClassInfo jdk = jdkInfo(internalName);
            if (jdk != null) {
                return jdk;
            }
            // not the JDK's: a jar's class in a package named like the JDK's (javax.cache, javax.annotation)
        }
        Optional<ClassInfo> known = infos.get(internalName);
        if (known == null) {
            // not computeIfAbsent: reading may recurse into this map through a class loader
            known = read(source, internalName);
            Optional<ClassInfo> raced = infos.putIfAbsent(internalName, known);
            known = raced == null ? known : raced;
        }
        return known.orElse(null);
    }

    /** Records the summary of a class being defined right now, so later questions see exactly these bytes. */
    void remember(final ClassInfo info) {
        Optional<ClassInfo> before = infos.put(info.name, Optional.of(info));
        if (before != null && !sameSupertypes(before.orElse(null), info)) {
            subtypes.clear();
        }
    }

    private static boolean sameSupertypes(final ClassInfo a, final ClassInfo b) {
        return a != null && Objects.equals(a.superName, b.superName) && a.interfaces.equals(b.interfaces);
    }

    /**
     * Whether {@code type} is, extends or implements {@code target} (both internal names), following
     * superclasses and superinterfaces through their class files.
     *
     * @throws UnresolvableTypeException naming the first supertype whose class file is missing
     */
    boolean isSubtype(final String type, final String target) {
        if (type.equals(target)) {
            return true;
        }
        Map<String, Boolean> answers = subtypes.get(target);
        if (answers == null) {
            answers = subtypes.computeIfAbsent(target, t -> new ConcurrentHashMap<>());
        }
        Boolean known = answers.get(type);
        if (known == null) {
            known = walk(type, target);
            answers.put(type, known);
        }
        return known;
    }

    /** {@link #isSubtype}, asking it again for each direct supertype. */
    private boolean walk(final String type, final String target) {
        ClassInfo info = info(type);
        if (info == null) {
            throw new UnresolvableTypeException(type);
        }
        if (info.superName != null && isSubtype(info.superName, target)) {
            return true;
        }
        for (String i : info.interfaces) {
            if (isSubtype(i, target)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the class is the running JDK's own: every {@code java.} class, and a class of the other package names
     * the JDK uses ({@code javax.}, {@code jdk.}, {@code sun.}, {@code com.sun.}) when the JDK has it; ordinary jars
     * use those names too (JCache's {@code javax.cache}, jsr305's {@code javax.annotation}, JAXB's
     * {@code com.sun.xml.bind}), and their classes are the application's.
     */
    static boolean isJdk(final String internalName) {
        return internalName.startsWith("java/") || hasJdkPackageName(internalName) && jdkInfo(internalName) != null;
    }

    /** Whether the name is in a package the JDK's own classes use, {@code java.} aside. */
    public static boolean hasJdkPackageName(final String internalName) {
        return internalName.startsWith("javax/") || internalName.startsWith("jdk/")
                || internalName.startsWith("sun/") || internalName.startsWith("com/sun/");
    }

    private static ClassInfo jdkInfo(final String internalName) {
        return JDK_CLASSES.computeIfAbsent(internalName, n -> read(JDK, n)).orElse(null);
    }

    private static Optional<ClassInfo> read(final ClassFileSource source, final String internalName) {
        byte[] bytes = source.read(internalName);
        if (bytes == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(ClassInfo.parse(bytes));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A supertype's class file could not be read. */
    static final class UnresolvableTypeException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UnresolvableTypeException(final String internalName) {
            super(internalName.replace('/', '.'), null, false, false);
        }
    }
}
