package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.kit.ClassFileSource;
import org.objectweb.asm.ClassReader;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The transformer's view of the classes one class loader can see: the headers of class files ({@link ClassHeader},
 * enough to walk supertypes) read on demand from a {@link ClassFileSource} or remembered as classes are defined, the
 * whole summaries ({@link ClassInfo}) of the few classes whose eligibility is decided, and the decisions already made
 * for them. Create one per class loader with {@link ClassConverter#newHierarchy}; it is thread-safe.
 */
public final class ClassHierarchy {

    /**
     * The initial capacity of the maps that get an entry per class the loader defines: a loader of an application's
     * jars defines thousands, and the first of them load while the transformer's code still runs interpreted, where
     * each copy of a growing map costs most. (A loader that defines one class, as a JSP's does, pays 2 KB a map.)
     */
    private static final int INITIAL_CAPACITY = 256;
    /** JDK class headers are the same for every loader: read them once per JVM (empty: not in the JDK). */
    private static final Map<String, Optional<ClassHeader>> JDK_HEADERS = new ConcurrentHashMap<>();
    /** The running JDK's own class files (of the boot and platform modules, no jar's): {@link ClassFileSource#jdk}. */
    private static final ClassFileSource JDK = ClassFileSource.jdk();
    /**
     * The JDK's classes that were loaded when the agent started, by internal name ({@link #useLoadedJdkClasses}): the
     * header of one of them is taken from the class, with no class file read. Most JDK supertypes of an application's
     * classes are ({@code java.lang.Exception}, {@code java.util.AbstractList}, {@code java.lang.Comparable}).
     */
    private static volatile Map<String, Class<?>> loadedJdkClasses = Map.of();

    private final ClassFileSource source;
    private final Predicate<String> loadedBeforeAgent;
    /**
     * Headers by internal name: of each class defined since (remembered from the bytes the JVM defines it from), and
     * of each supertype asked about before it was defined (read from its class file). Kept for the loader's life: a
     * few names per class, so that a class file is read at most once, whatever number of subclasses ask.
     */
    private final Map<String, Optional<ClassHeader>> headers = new ConcurrentHashMap<>(INITIAL_CAPACITY);
    /**
     * Whole summaries, of the serializable classes whose eligibility is decided (those being defined, and their
     * serializable superclasses): a class only ever needs it for its decision, then at most once more for each
     * direct subclass, whose decision caches it.
     */
    private final Map<String, ClassInfo> infos = new ConcurrentHashMap<>();
    /**
     * Class files read for their headers, kept until their class is defined: the JVM defines the supertypes of a
     * class right after it, and the whole summary of one of them may be needed in between (a serializable
     * superclass's decision), which then costs no second read. At most {@link #PENDING_LIMIT}: the files of classes
     * that this loader does not define after all (its parent does, or a subclass failed to define) are dropped
     * together when the limit is reached.
     */
    private final Map<String, byte[]> pending = new ConcurrentHashMap<>();
    private static final int PENDING_LIMIT = 64;
    /**
     * Answers of {@link #isSubtype} by target, then type: each class of a loader is walked up once per target, not
     * once per subclass that asks. Holds what {@link #headers} holds, no more; forgotten when {@link #remember} sees
     * a class whose supertypes differ from those it was answered with.
     */
    private final Map<String, Map<String, Boolean>> subtypes = new ConcurrentHashMap<>();
    final Map<String, Decision> decisions = new ConcurrentHashMap<>();

    ClassHierarchy(final ClassFileSource source, final Predicate<String> loadedBeforeAgent) {
        this.source = Objects.requireNonNull(source, "source");
        this.loadedBeforeAgent = Objects.requireNonNull(loadedBeforeAgent, "loadedBeforeAgent");
    }

    /**
     * Tells which of the JDK's classes the JVM has loaded (the boot and platform loaders' classes, by internal name),
     * so that their headers are taken from the classes instead of read from their class files. For every hierarchy of
     * this JVM; the map is not changed afterwards.
     */
    public static void useLoadedJdkClasses(final Map<String, Class<?>> classes) {
        loadedJdkClasses = Objects.requireNonNull(classes, "classes");
    }

    /** Forgets the JDK's headers read or taken so far, so that a test sees them made again. */
    static void forgetJdkHeaders() {
        JDK_HEADERS.clear();
    }

    /**
     * The header with its no-arg constructor's access: {@code header} itself, but for one taken from a loaded JDK
     * class, whose class file is read for it now (then kept instead); null when that class file cannot be read.
     */
    ClassHeader withConstructor(final ClassHeader header) {
        if (header.noArgConstructorAccess != ClassHeader.NOT_READ) {
            return header;
        }
        Optional<ClassHeader> read = readJdkHeader(header.name);
        if (read.isPresent()) {
            JDK_HEADERS.put(header.name, read);
        }
        return read.orElse(null);
    }

    /** Whether a class (internal name) was already loaded, unconverted, when the agent started. */
    boolean loadedBeforeAgent(final String internalName) {
        return loadedBeforeAgent.test(internalName);
    }

    /** The header of a class, or {@code null} when its class file cannot be read or parsed. */
    ClassHeader header(final String internalName) {
        if (internalName.startsWith("java/")) {
            return jdkHeader(internalName);
        }
        if (hasJdkPackageName(internalName)) {
            ClassHeader jdk = jdkHeader(internalName);
            if (jdk != null) {
                return jdk;
            }
            // not the JDK's: a jar's class in a package named like the JDK's (javax.cache, javax.annotation)
        }
        Optional<ClassHeader> known = headers.get(internalName);
        if (known == null) {
            ClassInfo info = infos.get(internalName);
            // not computeIfAbsent: reading may recurse into this map through a class loader
            known = info != null ? Optional.of(info.header) : readHeader(internalName);
            Optional<ClassHeader> raced = headers.putIfAbsent(internalName, known);
            known = raced == null ? known : raced;
        }
        return known.orElse(null);
    }

    /**
     * The whole summary of a class, or {@code null} when its class file cannot be read or parsed: the one the class
     * was defined from, else its class file's, read now and kept with the header read from it.
     */
    ClassInfo info(final String internalName) {
        ClassInfo known = infos.get(internalName);
        if (known != null) {
            return known;
        }
        boolean jdk = isJdk(internalName);
        byte[] bytes = jdk ? JDK.read(internalName) : pending.get(internalName);
        if (bytes == null && !jdk) {
            bytes = source.read(internalName);
        }
        ClassInfo info = parse(bytes);
        if (info == null || jdk) {
            return info; // the JDK's classes are decided once, by their headers: nothing to keep
        }
        if (headers.putIfAbsent(internalName, Optional.of(info.header)) != null) {
            ClassHeader defined = headers.get(internalName).orElse(null);
            if (!info.header.sameSupertypes(defined)) {
                // the class was defined from other bytes than its class file (another agent's): the class file's
                // summary would describe another class
                return null;
            }
        }
        infos.put(internalName, info);
        return info;
    }

    /** Records the header of a class being defined right now, so later questions see exactly these bytes. */
    void remember(final ClassHeader header) {
        pending.remove(header.name);
        Optional<ClassHeader> before = headers.put(header.name, Optional.of(header));
        if (before != null && !header.sameSupertypes(before.orElse(null))) {
            subtypes.clear();
        }
        ClassInfo read = infos.get(header.name);
        if (read != null && read.header != header) {
            infos.remove(header.name, read);
        }
    }

    /** Records the summary of a class being defined right now, so later questions see exactly these bytes. */
    void remember(final ClassInfo info) {
        Optional<ClassHeader> known = headers.get(info.name);
        if (known == null || known.orElse(null) != info.header) {
            remember(info.header); // else remembered already, as the transformer does first
        }
        infos.put(info.name, info);
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
            answers = subtypes.computeIfAbsent(target, t -> new ConcurrentHashMap<>(INITIAL_CAPACITY));
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
        ClassHeader header = header(type);
        if (header == null) {
            throw new UnresolvableTypeException(type);
        }
        if (header.superName != null && isSubtype(header.superName, target)) {
            return true;
        }
        for (String i : header.interfaces) {
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
        return internalName.startsWith("java/") || hasJdkPackageName(internalName) && jdkHeader(internalName) != null;
    }

    /** Whether the name is in a package the JDK's own classes use, {@code java.} aside. */
    public static boolean hasJdkPackageName(final String internalName) {
        return internalName.startsWith("javax/") || internalName.startsWith("jdk/")
                || internalName.startsWith("sun/") || internalName.startsWith("com/sun/");
    }

    private static ClassHeader jdkHeader(final String internalName) {
        Optional<ClassHeader> known = JDK_HEADERS.get(internalName);
        if (known == null) {
            Class<?> loaded = loadedJdkClasses.get(internalName);
            known = loaded != null ? Optional.of(ClassHeader.of(loaded)) : readJdkHeader(internalName);
            JDK_HEADERS.putIfAbsent(internalName, known);
        }
        return known.orElse(null);
    }

    /** The header in the running JDK's class file of a class, empty when there is none. */
    private static Optional<ClassHeader> readJdkHeader(final String internalName) {
        return parseHeader(JDK.read(internalName));
    }

    /** Reads the header of a class file of this loader's, keeping the file until its class is defined. */
    private Optional<ClassHeader> readHeader(final String internalName) {
        byte[] bytes = source.read(internalName);
        Optional<ClassHeader> header = parseHeader(bytes);
        if (header.isPresent()) {
            if (pending.size() >= PENDING_LIMIT) {
                pending.clear(); // files of classes another loader defines, or whose subclass failed to define
            }
            pending.put(internalName, bytes);
        }
        return header;
    }

    private static Optional<ClassHeader> parseHeader(final byte[] bytes) {
        if (bytes == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(ClassHeader.read(new ClassReader(bytes)));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static ClassInfo parse(final byte[] bytes) {
        if (bytes == null) {
            return null;
        }
        try {
            return ClassInfo.parse(bytes);
        } catch (RuntimeException e) {
            return null;
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
