package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;

import java.util.Map;
import java.util.Set;

/**
 * The JDK classes whose own {@code readObject} runs no code from outside {@code java.base} while it reads from its
 * stream: the runtime's {@code CallerLoader} lets their reads keep the class loader found for the top-level read
 * instead of walking the stack below them ({@code latestUserDefinedLoader()} skips their frames, and no other frame
 * is pushed between them and their stream). Each such method calls on the stream only {@code defaultReadObject},
 * {@code readInt}, {@code readFields} and {@code readObject()} (the runtime checks that the stream's class overrides
 * none of the first three), the JDK's {@code GetField} that {@code readFields} returns, the stream's filter through
 * {@code checkArray} (the runtime checks that it is the JDK's own pattern filter, or none), and methods of its own
 * class that a class outside {@code java.base} cannot override ({@code LinkedList.linkLast}, static helpers).
 *
 * <p>{@link #ALL}: every read the method makes is its own. {@link #FIRST}: only its first one, which is the method's
 * first call; after it the method may call code of another class ({@code BigDecimal} asks a {@code BigInteger}
 * subclass for {@code toByteArray()}, {@code Throwable} iterates a {@code List} of suppressed exceptions).
 *
 * <p>Known by fingerprint, as the engine's patches are (the method's, and for {@code LinkedList} also {@code
 * linkLast}'s): a JDK whose method differs is not known, and its reads walk as without this. The contract test reads
 * each tested JDK's methods and checks what is claimed here against their instructions.
 */
public final class ClosedReaders {

    /** Every read the method makes from its stream is its own. */
    public static final String ALL = "all";
    /** The method's first read from its stream is its own; later ones may not be. */
    public static final String FIRST = "first";

    static final String READ_OBJECT = "readObject(Ljava/io/ObjectInputStream;)V";
    static final String LINK_LAST = "linkLast(Ljava/lang/Object;)V";

    /** A class's verdict and the fingerprints it holds for. */
    record Known(String verdict, Set<String> prints, String... helpers) {
    }

    /** By internal name; fingerprints ({@link Fingerprint#ofMethods}) of JDK 17.0.15, 21.0.8 and 25.0.3. */
    static final Map<String, Known> KNOWN = Map.of(
            "java/util/ArrayList", new Known(ALL, Set.of("f0d3ff6dd0f0403b")),
            "java/util/LinkedList", new Known(ALL, Set.of("18675b41a77398cb"), LINK_LAST),
            "java/util/ArrayDeque", new Known(ALL, Set.of("1dbf06744c20b538")),
            "java/util/Vector", new Known(ALL, Set.of("7fced564dcdc33e3", "a007643be3372070")),
            "java/util/CollSer", new Known(ALL, Set.of("168c0ab4b5987958")),
            "java/math/BigInteger", new Known(ALL, Set.of("aff7da015ec1fba7")),
            "java/math/BigDecimal", new Known(FIRST, Set.of("c4b061099a322cd6")),
            "java/lang/Throwable", new Known(FIRST, Set.of("9371afee268654cc")));

    private ClosedReaders() {
    }

    /**
     * {@link #ALL}, {@link #FIRST} or null (not known to be closed) for the {@code readObject} of the class {@code
     * internalName} as {@code classFile} defines it.
     */
    public static String verdict(final String internalName, final byte[] classFile) {
        Known known = KNOWN.get(internalName);
        if (known == null || classFile == null) {
            return null;
        }
        String[] methods = new String[1 + known.helpers().length];
        methods[0] = READ_OBJECT;
        System.arraycopy(known.helpers(), 0, methods, 1, known.helpers().length);
        return known.prints().contains(Fingerprint.ofMethods(classFile, methods)) ? known.verdict() : null;
    }

    /** {@link #verdict(String, byte[])} of the running JDK's class; null also when its class file cannot be read. */
    public static String verdict(final String internalName) {
        if (!KNOWN.containsKey(internalName)) {
            return null;
        }
        try {
            return verdict(internalName, ClassFileSource.jdk().read(internalName));
        } catch (RuntimeException e) {
            return null; // unreadable: its reads walk
        }
    }
}
