package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;

import java.util.ArrayList;
import java.util.List;

/**
 * The converted format's patch of one JDK stream class ({@link ConvertedFormatPatches} lists what changes where): its
 * {@link StreamSite}s, each checked to be there as often as expected, and replaced ({@link SiteRewrites}). Checked by
 * shape, not by fingerprint: a site is one instruction, and the rest of the method may change freely.
 */
final class ConvertedFormatPatch extends JdkPatch {

    ConvertedFormatPatch(final String target) {
        super("converted format", target, sitesOf(target), CALLS_RUNTIME, KnownFingerprints.NONE);
    }

    /** The methods of the class with a site, in the order of {@link StreamSite}. */
    private static List<String> sitesOf(final String target) {
        List<String> methods = new ArrayList<>();
        for (StreamSite site : StreamSite.values()) {
            if (site.owner.equals(target) && !methods.contains(site.method)) {
                methods.add(site.method);
            }
        }
        return methods;
    }

    /** Checks the class's sites: each there as often as expected, with the local variables the loops need clear. */
    @Override
    public void check(final byte[] targetClass, final ClassFileSource jdk) {
        List<String> problems = SitePasses.problems(target(), targetClass);
        if (!problems.isEmpty()) {
            throw new IllegalStateException(String.join("; ", problems));
        }
    }

    @Override
    public byte[] change(final byte[] targetClass) {
        return SitePasses.patch(target(), targetClass);
    }
}
