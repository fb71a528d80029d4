package dev.serialboost.transformer.kit;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a {@link JdkPatch} knows of the JDKs it was checked on, as data: for each JDK build (the {@code JAVA_VERSION}
 * of the JDK's {@code release} file, such as {@code "17.0.15"}), the {@link Fingerprint} its code had there. A
 * fingerprint the patch changes is one it was written against; one it does not need to change is one whose JDK does
 * the job already; a build may lack the class altogether. Any other fingerprint is a JDK the patch does not know: it
 * turns itself off there.
 *
 * <p>The contract test ({@code JdkPatchContractTest}) reads every tested JDK: its fingerprint must be the one
 * recorded for its build (or, for a build not recorded, one recorded for another), so what is written here is what
 * was found, not what was once believed.
 */
public final class KnownFingerprints {

    /** For a patch that knows no fingerprint: it relies on the shape checks of its change alone. */
    public static final KnownFingerprints NONE = new KnownFingerprints(Map.of(), Map.of(), List.of());

    private final Map<String, String> patched;
    private final Map<String, String> unneeded;
    private final List<String> absent;

    private KnownFingerprints(final Map<String, String> patched, final Map<String, String> unneeded,
                              final List<String> absent) {
        this.patched = patched;
        this.unneeded = unneeded;
        this.absent = absent;
    }

    /** The fingerprints, by JDK build, of the code a patch changes (or repeats, or relies on) as it was written. */
    public static KnownFingerprints patched(final Map<String, String> byBuild) {
        return new KnownFingerprints(Map.copyOf(byBuild), Map.of(), List.of());
    }

    /**
     * These, and the fingerprints, by JDK build, of code that does the patch's job already: the patch leaves such a
     * class as it is, and says nothing.
     */
    public KnownFingerprints unneededOn(final Map<String, String> byBuild) {
        return new KnownFingerprints(patched, Map.copyOf(byBuild), absent);
    }

    /** These, and the JDK builds that do not have the patched class (its work is done another way there). */
    public KnownFingerprints absentFrom(final String... builds) {
        return new KnownFingerprints(patched, unneeded, List.of(builds));
    }

    /** Whether there is any fingerprint to compare with. */
    public boolean any() {
        return !patched.isEmpty() || !unneeded.isEmpty();
    }

    /** Whether {@code print} is one the patch was written against (null, a missing method, never is). */
    public boolean patchable(final String print) {
        return print != null && patched.containsValue(print);
    }

    /** Whether {@code print} is one of code that does the job already. */
    public boolean unneeded(final String print) {
        return print != null && unneeded.containsValue(print);
    }

    /** Whether some JDK build has code that does the job already (so the fingerprint is worth taking first). */
    public boolean mayBeUnneeded() {
        return !unneeded.isEmpty();
    }

    /** Whether some JDK build lacks the patched class. */
    public boolean mayBeAbsent() {
        return !absent.isEmpty();
    }

    /** The fingerprints the patch was written against, by build. */
    public Map<String, String> patchedByBuild() {
        return patched;
    }

    /** The fingerprints of code that does the job already, by build. */
    public Map<String, String> unneededByBuild() {
        return unneeded;
    }

    /** The builds without the patched class. */
    public List<String> absentFrom() {
        return absent;
    }

    /** Every build named, in no particular order. */
    public Set<String> builds() {
        Set<String> builds = new LinkedHashSet<>(patched.keySet());
        builds.addAll(unneeded.keySet());
        builds.addAll(absent);
        return builds;
    }

    @Override
    public String toString() {
        return "patched " + patched + ", unneeded " + unneeded + ", absent from " + absent;
    }
}
