package dev.serialboost.transformer.kit;

import java.util.List;

/**
 * One change to one JDK class, as a unit: its name (the word users read when it turns itself off: {@code engine layer
 * is partly off: reading strings: ...}), the class it changes, the methods it changes, whether the changed code calls
 * the runtime, the fingerprints it knows keyed by the JDK build they were taken from, its check and its change. Like
 * OpenTelemetry's {@code TypeInstrumentation}: which type, what change. Patches are applied in the order of a
 * {@link JdkPatchSet}.
 *
 * <p>The patches of a set are declared together when the first class of the set loads, not at start-up: loading their
 * classes (and, through the verifier, ASM's) is for an application that serializes ({@code EnginePatches.TARGETS}).
 *
 * <p>Pure, like the rest of the transformer: class bytes in, class bytes or an {@link IllegalStateException} out.
 */
public abstract class JdkPatch {

    /** For {@link #callsRuntime()}: the changed code calls nothing outside {@code java.base}. */
    protected static final boolean JDK_ONLY = false;
    /** For {@link #callsRuntime()}: the changed code calls the runtime, which must be installed first. */
    protected static final boolean CALLS_RUNTIME = true;

    private final String name;
    private final String target;
    private final List<String> changes;
    private final boolean callsRuntime;
    private final KnownFingerprints known;

    /**
     * @param name         what the patch is for, in the user's words ({@code "reading strings"}); patches that are
     *                     one job in several classes share it
     * @param target       the internal name of the class it changes
     * @param changes      the methods it changes ({@code name + descriptor}); every other method keeps its code
     * @param callsRuntime {@link #CALLS_RUNTIME} or {@link #JDK_ONLY}
     * @param known        the fingerprints it knows; {@link KnownFingerprints#NONE} for a patch whose change checks
     *                     the shape it relies on itself
     */
    protected JdkPatch(final String name, final String target, final List<String> changes, final boolean callsRuntime,
                       final KnownFingerprints known) {
        this.name = name;
        this.target = target;
        this.changes = List.copyOf(changes);
        this.callsRuntime = callsRuntime;
        this.known = known;
    }

    /** What the patch is for, in the user's words: the word of the line that says it is off. */
    public final String name() {
        return name;
    }

    /** The internal name of the class the patch changes ({@code java/io/ObjectOutputStream$HandleTable}). */
    public final String target() {
        return target;
    }

    /** {@link #target()} as users read class names ({@code java.io.ObjectOutputStream$HandleTable}). */
    public final String targetName() {
        return target.replace('/', '.');
    }

    /** The methods the patch changes, {@code name + descriptor}. */
    public final List<String> changes() {
        return changes;
    }

    /** Whether the changed code calls the runtime (installed in the bootstrap loader before the class is changed). */
    public final boolean callsRuntime() {
        return callsRuntime;
    }

    /** The fingerprints the patch knows, by JDK build. */
    public final KnownFingerprints known() {
        return known;
    }

    /**
     * Whether the layer counts as off when every essential patch of it is off, whatever else still works (the
     * engine's: writing and reading descriptors). False unless overridden.
     */
    public boolean essential() {
        return false;
    }

    /**
     * The {@link Fingerprint} of the code the patch relies on, to compare with {@link #known()}: of the target's
     * methods as given, or of another class's the runtime repeats, read from {@code jdk}. Null when a method it covers
     * is missing; null (never compared) for a patch that knows none.
     *
     * @param targetClass the target's class file, as the patch will be given it
     * @param jdk         the running JDK's own class files
     */
    public String fingerprint(final byte[] targetClass, final ClassFileSource jdk) {
        return null;
    }

    /**
     * Whether this JDK's code does the patch's job already: a fingerprint {@link KnownFingerprints#unneededOn}
     * names. Such a class is left as it is, and nothing is said.
     */
    public final boolean unneeded(final byte[] targetClass, final ClassFileSource jdk) {
        return known.mayBeUnneeded() && known.unneeded(fingerprint(targetClass, jdk));
    }

    /**
     * Checks that the JDK's code is what the patch was written against: by default, that its {@link #fingerprint} is
     * one it knows. (What only the change can see, a call not where it is expected, the change checks as it goes.)
     *
     * @throws IllegalStateException saying what does not fit, in a sentence for the user
     */
    public void check(final byte[] targetClass, final ClassFileSource jdk) {
        if (known.any()) {
            String print = fingerprint(targetClass, jdk);
            if (!known.patchable(print)) {
                throw new IllegalStateException(unknown(print));
            }
        }
    }

    /** The sentence for a fingerprint the patch does not know (null: a method it covers is missing). */
    protected String unknown(final String print) {
        return "this JDK's " + fingerprinted() + " is not one serialboost knows ("
                + (print == null ? "a method it patches is missing" : "fingerprint " + print) + ")";
    }

    /** What the fingerprint covers, as the user reads it: the target class unless overridden. */
    protected String fingerprinted() {
        return targetName();
    }

    /**
     * The change: the target's class file (as the earlier patches of its class left it) with this patch's methods
     * changed. Call {@link #check} first.
     *
     * @throws IllegalStateException when the class is not the shape the patch expects (it is then left as it was)
     */
    public abstract byte[] change(byte[] targetClass);

    @Override
    public String toString() {
        return name + " (" + targetName() + ")";
    }
}
