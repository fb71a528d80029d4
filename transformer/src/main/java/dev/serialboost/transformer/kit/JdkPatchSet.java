package dev.serialboost.transformer.kit;

import java.util.ArrayList;
import java.util.List;

/**
 * Patches to JDK classes in the order they are applied. The patches of one class are applied one after the other,
 * each to what the one before left: the first is the class's own (when it does not fit, the class stays as the JDK
 * ships it), each later one a part (when it does not fit, it is left out alone, and the rest of the class is
 * changed all the same). The installer iterates a set; adding a patch is adding it here.
 */
public final class JdkPatchSet {

    /** Told of a part of a class left out, and why (its check's or change's message). */
    @FunctionalInterface
    public interface PartLeftOut {
        void leftOut(JdkPatch part, String why);
    }

    private final List<JdkPatch> patches;
    private final List<String> targets;

    public JdkPatchSet(final List<JdkPatch> patches) {
        this.patches = List.copyOf(patches);
        List<String> classes = new ArrayList<>();
        for (JdkPatch patch : this.patches) {
            if (!classes.contains(patch.target())) {
                classes.add(patch.target());
            }
        }
        this.targets = List.copyOf(classes);
    }

    /** Every patch, in order. */
    public List<JdkPatch> patches() {
        return patches;
    }

    /** The classes patched (internal names), in the order of their own patches. */
    public List<String> targets() {
        return targets;
    }

    /** The patches of one class, in order: its own first, then its parts; empty for a class not patched. */
    public List<JdkPatch> of(final String target) {
        List<JdkPatch> of = new ArrayList<>();
        for (JdkPatch patch : patches) {
            if (patch.target().equals(target)) {
                of.add(patch);
            }
        }
        return of;
    }

    /** The class's own patch: the first of its patches. */
    public JdkPatch own(final String target) {
        for (JdkPatch patch : patches) {
            if (patch.target().equals(target)) {
                return patch;
            }
        }
        throw new IllegalArgumentException("no patch of " + target);
    }

    /**
     * The class file with every patch of its class applied in order, each checked before it changes anything: the
     * class's own, which must fit; then each part that fits, the others left out and handed to {@code leftOut}; a part
     * this JDK has no need of ({@link JdkPatch#unneeded}) is left out without a word.
     *
     * @param jdk the running JDK's own class files, which some checks read
     * @return the changed class file; {@code classFile} itself for a class this set does not patch; null when this
     *         JDK does the class's own patch's job already (nothing to do)
     * @throws IllegalStateException when the class's own patch does not fit (nothing is changed then)
     */
    public byte[] apply(final String target, final byte[] classFile, final ClassFileSource jdk,
                        final PartLeftOut leftOut) {
        List<JdkPatch> of = of(target);
        if (of.isEmpty()) {
            return classFile;
        }
        JdkPatch own = of.get(0);
        if (own.unneeded(classFile, jdk)) {
            return null;
        }
        own.check(classFile, jdk);
        byte[] changed = own.change(classFile);
        for (JdkPatch part : of.subList(1, of.size())) {
            try {
                if (part.unneeded(changed, jdk)) {
                    continue;
                }
                part.check(changed, jdk);
                changed = part.change(changed);
            } catch (IllegalStateException e) {
                leftOut.leftOut(part, e.getMessage());
            }
        }
        return changed;
    }

    @Override
    public String toString() {
        return patches.toString();
    }
}
