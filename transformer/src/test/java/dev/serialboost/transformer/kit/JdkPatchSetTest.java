package dev.serialboost.transformer.kit;

import dev.serialboost.transformer.converted.ConvertedFormatPatches;
import dev.serialboost.transformer.engine.EnginePatches;

import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How a {@link JdkPatchSet} applies its patches (with stand-in patches on stand-in class files: a patch appends its
 * mark): in order, each class's own first and required, its parts each left out alone, and told, when they do not
 * fit; a class whose JDK does the job already left alone. And the sets of the product: each patch named, each class's
 * own patch first, their lists of classes theirs; the engine's classes known without declaring a patch (the agent
 * reads them at start-up).
 */
class JdkPatchSetTest {

    private static final ClassFileSource NO_JDK = name -> null;

    /** A stand-in patch: appends {@code mark} to the class file, after a check that throws when told to. */
    private static final class Mark extends JdkPatch {
        private final byte mark;
        private final String misfit;

        Mark(final String name, final String target, final int mark, final String misfit,
             final KnownFingerprints known) {
            super(name, target, List.of(), JDK_ONLY, known);
            this.mark = (byte) mark;
            this.misfit = misfit;
        }

        Mark(final String name, final String target, final int mark) {
            this(name, target, mark, null, KnownFingerprints.NONE);
        }

        @Override
        public String fingerprint(final byte[] targetClass, final ClassFileSource jdk) {
            return Arrays.toString(targetClass);
        }

        @Override
        public void check(final byte[] targetClass, final ClassFileSource jdk) {
            super.check(targetClass, jdk);
            if (misfit != null) {
                throw new IllegalStateException(misfit);
            }
        }

        @Override
        public byte[] change(final byte[] targetClass) {
            byte[] changed = Arrays.copyOf(targetClass, targetClass.length + 1);
            changed[targetClass.length] = mark;
            return changed;
        }
    }

    @Test
    void theClassesPatchesApplyInOrderAndAPartThatDoesNotFitIsLeftOutAlone() {
        JdkPatchSet set = new JdkPatchSet(List.of(new Mark("a", "A", 1), new Mark("b", "B", 2),
                new Mark("a part", "A", 3, "not this shape", KnownFingerprints.NONE), new Mark("another", "A", 4)));
        assertEquals(List.of("A", "B"), set.targets());
        assertEquals(List.of("a", "a part", "another"), set.of("A").stream().map(JdkPatch::name).toList());
        assertEquals("a", set.own("A").name());
        List<String> leftOut = new ArrayList<>();
        byte[] patched = set.apply("A", new byte[] {0}, NO_JDK, (part, why) -> leftOut.add(part.name() + ": " + why));
        assertArrayEquals(new byte[] {0, 1, 4}, patched);
        assertEquals(List.of("a part: not this shape"), leftOut);
        assertArrayEquals(new byte[] {0, 2}, set.apply("B", new byte[] {0}, NO_JDK, (part, why) -> { }));
    }

    @Test
    void aPartThisJdkHasNoNeedOfIsLeftOutWithoutAWord() {
        // the part sees the class as the own patch left it: [0, 1]
        KnownFingerprints known = KnownFingerprints.patched(Map.of("21.0.8", "[0, 2]"))
                .unneededOn(Map.of("17.0.15", "[0, 1]"));
        JdkPatchSet set = new JdkPatchSet(List.of(new Mark("a", "A", 1), new Mark("a part", "A", 3, null, known),
                new Mark("another", "A", 4)));
        List<String> leftOut = new ArrayList<>();
        byte[] patched = set.apply("A", new byte[] {0}, NO_JDK, (part, why) -> leftOut.add(part.name() + ": " + why));
        assertArrayEquals(new byte[] {0, 1, 4}, patched);
        assertEquals(List.of(), leftOut);
        JdkPatchSet unknown = new JdkPatchSet(List.of(new Mark("a", "A", 5), new Mark("a part", "A", 3, null, known)));
        unknown.apply("A", new byte[] {0}, NO_JDK, (part, why) -> leftOut.add(part.name() + ": " + why));
        assertEquals(List.of("a part: this JDK's A is not one serialboost knows (fingerprint [0, 5])"), leftOut);
    }

    @Test
    void aClassWhoseOwnPatchDoesNotFitIsNotChangedAtAll() {
        JdkPatchSet set = new JdkPatchSet(List.of(new Mark("a", "A", 1, "another shape", KnownFingerprints.NONE),
                new Mark("a part", "A", 2)));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> set.apply("A", new byte[] {0}, NO_JDK, (part, why) -> { }));
        assertEquals("another shape", e.getMessage());
    }

    @Test
    void aFingerprintDecidesBetweenPatchingNothingToDoAndRefusing() {
        KnownFingerprints known = KnownFingerprints.patched(Map.of("17.0.15", "[0]"))
                .unneededOn(Map.of("25.0.3", "[9]"));
        JdkPatchSet set = new JdkPatchSet(List.of(new Mark("a", "A", 1, null, known)));
        assertArrayEquals(new byte[] {0, 1}, set.apply("A", new byte[] {0}, NO_JDK, (part, why) -> { }));
        assertNull(set.apply("A", new byte[] {9}, NO_JDK, (part, why) -> { }), "nothing to do");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> set.apply("A", new byte[] {5}, NO_JDK, (part, why) -> { }));
        assertEquals("this JDK's A is not one serialboost knows (fingerprint [5])", e.getMessage());
        byte[] other = {7};
        assertSame(other, set.apply("Z", other, NO_JDK, (part, why) -> { }), "a class the set does not patch");
    }

    @Test
    void knownFingerprintsSayWhatTheyKnow() {
        KnownFingerprints known = KnownFingerprints.patched(Map.of("17.0.15", "p", "21.0.8", "p"))
                .unneededOn(Map.of("25.0.3", "u")).absentFrom("26");
        assertTrue(known.any() && known.patchable("p") && !known.patchable("u") && !known.patchable(null));
        assertTrue(known.unneeded("u") && !known.unneeded("p") && known.mayBeUnneeded() && known.mayBeAbsent());
        assertEquals(Set.of("17.0.15", "21.0.8", "25.0.3", "26"), known.builds());
        assertFalse(KnownFingerprints.NONE.any() || KnownFingerprints.NONE.mayBeAbsent());
    }

    @Test
    void theProductsSetsNameEveryPatchAndStartEachClassWithItsOwn() {
        for (JdkPatchSet set : List.of(EnginePatches.set(), ConvertedFormatPatches.set())) {
            Set<String> classes = new HashSet<>();
            for (JdkPatch patch : set.patches()) {
                assertFalse(patch.name().isBlank(), patch.toString());
                assertFalse(patch.changes().isEmpty(), patch + " changes no method");
                if (classes.add(patch.target())) {
                    assertSame(patch, set.own(patch.target()));
                }
            }
        }
        // the classes the agent watches for from start-up, before it declares the patches, are theirs, in order
        assertEquals(EnginePatches.TARGETS, EnginePatches.set().targets(), "EnginePatches.TARGETS");
        assertEquals(ConvertedFormatPatches.CLASSES, ConvertedFormatPatches.set().targets(),
                "ConvertedFormatPatches.CLASSES");
        // the engine's two essential patches are the own patches of the two stream classes
        assertEquals(List.of("reading", "writing"), EnginePatches.set().patches().stream().filter(JdkPatch::essential)
                .map(JdkPatch::name).toList());
    }

    /**
     * The agent reads the classes the engine patches at start-up, and declares the patches only when the first of
     * those classes loads: reading them loads no patch and no ASM. Here the transformer's classes load in a loader that
     * has no ASM at all, and records what it loads.
     */
    @Test
    void theClassesPatchedAreKnownWithoutDeclaringThePatches() throws Exception {
        URL classes = EnginePatches.class.getProtectionDomain().getCodeSource().getLocation();
        List<String> loaded = new ArrayList<>();
        try (URLClassLoader withoutAsm = new URLClassLoader(new URL[] {classes},
                ClassLoader.getPlatformClassLoader()) {
            @Override
            protected Class<?> findClass(final String name) throws ClassNotFoundException {
                loaded.add(name);
                return super.findClass(name);
            }
        }) {
            Class<?> declared = Class.forName(EnginePatches.class.getName(), true, withoutAsm);
            assertEquals(EnginePatches.TARGETS, declared.getField("TARGETS").get(null));
            assertEquals(List.of(EnginePatches.class.getName()), loaded, "what reading the classes patched loaded");
            assertThrows(ClassNotFoundException.class, () -> withoutAsm.loadClass("org.objectweb.asm.ClassReader"));
        }
    }
}
