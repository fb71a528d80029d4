package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;
import dev.serialboost.transformer.converted.ConvertedFormatPatches;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.JdkPatchSet;
import dev.serialboost.transformer.kit.KnownFingerprints;
import dev.serialboost.transformer.kit.RuntimeLocation;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What every JDK patch promises, checked for each patch of the engine's set ({@link EnginePatches#set()}) and of the
 * converted format's ({@link ConvertedFormatPatches#set()}) on every tested JDK ({@link Jdk#all()}): a patch added to a
 * set is checked here without a line of test. Its fingerprints are what that JDK has (under that JDK's build, when
 * recorded); checked and changed as the installer does it, on its class as the patches before it in the set leave
 * it, it changes exactly the methods it declares, calls the runtime exactly if it says so, and its class passes
 * verification; an engine patch refuses a class it has patched already (its check sees the shape it changed); and the
 * whole engine set applies to each of its classes with no part left out. What each change does is checked by the
 * patch's own test; what the patched classes call, by {@code RuntimeCallsTest}; the streams, end to end.
 */
class JdkPatchContractTest {

    /** A patch and the set it belongs to, for the parameterised tests. */
    record Case(JdkPatchSet set, JdkPatch patch, Jdk jdk) {
        @Override
        public String toString() {
            return patch + " on " + jdk;
        }
    }

    static Stream<Arguments> everyPatchOnEveryJdk() {
        return Jdk.all().flatMap(jdk -> Stream.of(EnginePatches.set(), ConvertedFormatPatches.set())
                .flatMap(set -> set.patches().stream().map(patch -> Arguments.of(new Case(set, patch, jdk)))));
    }

    static Stream<Arguments> everyEnginePatchOnEveryJdk() {
        return everyPatchOnEveryJdk().filter(a -> ((Case) a.get()[0]).set() == EnginePatches.set());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyPatchOnEveryJdk")
    void itsFingerprintIsTheOneRecordedForThisJdk(final Case c) throws IOException {
        c.jdk().assumeInstalled();
        JdkPatch patch = c.patch();
        KnownFingerprints known = patch.known();
        String build = JdkClassFiles.build(c.jdk());
        try (FileSystem jrt = c.jdk().classFiles()) {
            ClassFileSource jdk = JdkClassFiles.source(jrt);
            byte[] target = jdk.read(patch.target());
            if (!known.any()) {
                assertTrue(known.builds().isEmpty(), patch + ": builds named without a fingerprint: " + known);
                assertNotNull(target, patch + ": no " + patch.targetName() + " on " + c.jdk());
                assertNull(patch.fingerprint(target, jdk), patch + " knows no fingerprint, yet takes one");
                return;
            }
            String found = target == null ? "absent" : state(known, patch.fingerprint(target, jdk));
            String recorded = recorded(known, build);
            if (recorded != null) {
                assertEquals(recorded, found, patch + ": on " + build + ", recorded as " + recorded);
            } else {
                assertFalse(found.startsWith("unknown"), patch + ": " + found + " on " + build + ", which is not"
                        + " recorded (run this test and record what it finds under " + build + ")");
                String feature = build.split("[.+-]")[0];
                assertTrue(known.builds().stream().anyMatch(b -> b.split("[.+-]")[0].equals(feature)),
                        patch + ": no build of JDK " + feature + " recorded: " + known);
            }
            if (target != null && found.startsWith("patched")) {
                patch.check(target, jdk); // does not throw
                assertFalse(patch.unneeded(target, jdk), patch + " is unneeded where its fingerprint is patched");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyPatchOnEveryJdk")
    void itChangesExactlyItsMethodsAndItsClassPassesVerification(final Case c) throws IOException {
        c.jdk().assumeInstalled();
        JdkPatch patch = c.patch();
        try (FileSystem jrt = c.jdk().classFiles()) {
            ClassFileSource jdk = JdkClassFiles.source(jrt);
            byte[] target = jdk.read(patch.target());
            if (target == null || patch.unneeded(target, jdk)) {
                assertTrue(target == null ? patch.known().mayBeAbsent() : patch.known().mayBeUnneeded(),
                        patch + " has nothing to do on " + c.jdk() + ", not as its fingerprints say");
                return;
            }
            byte[] before = JdkClassFiles.before(c.set(), patch, jdk);
            byte[] after = JdkClassFiles.apply(patch, before, jdk);
            Map<String, String> was = prints(before);
            Map<String, String> is = prints(after);
            assertEquals(was.keySet(), is.keySet(), patch + " on " + c.jdk() + ": the same methods");
            List<String> changed = new ArrayList<>();
            for (String method : was.keySet()) {
                if (!was.get(method).equals(is.get(method))) {
                    changed.add(method);
                }
            }
            assertEquals(new java.util.TreeSet<>(patch.changes()), new java.util.TreeSet<>(changed),
                    patch + " on " + c.jdk() + ": the methods it changes");
            assertEquals(patch.callsRuntime(), runtimeReferences(after) > runtimeReferences(before),
                    patch + " on " + c.jdk() + ": whether its changes call the runtime");
            JdkClassFiles.verify(after, c.jdk());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyEnginePatchOnEveryJdk")
    void aClassItChangedAlreadyIsRefused(final Case c) throws IOException {
        c.jdk().assumeInstalled();
        JdkPatch patch = c.patch();
        try (FileSystem jrt = c.jdk().classFiles()) {
            ClassFileSource jdk = JdkClassFiles.source(jrt);
            byte[] target = jdk.read(patch.target());
            if (target == null || patch.unneeded(target, jdk)) {
                return; // nothing changed, nothing to refuse
            }
            byte[] once = JdkClassFiles.apply(patch, JdkClassFiles.before(c.set(), patch, jdk), jdk);
            assertThrows(IllegalStateException.class, () -> JdkClassFiles.apply(patch, once, jdk),
                    patch + " on " + c.jdk() + ": applied twice");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void theWholeEngineSetAppliesToEachOfItsClassesWithNothingLeftOut(final Jdk tested) throws IOException {
        tested.assumeInstalled();
        try (FileSystem jrt = tested.classFiles()) {
            ClassFileSource jdk = JdkClassFiles.source(jrt);
            for (String target : EnginePatches.set().targets()) {
                byte[] classFile = jdk.read(target);
                if (classFile == null) {
                    assertTrue(EnginePatches.set().own(target).known().mayBeAbsent(), target + " on " + tested);
                    continue;
                }
                byte[] patched = EnginePatches.set().apply(target, classFile, jdk,
                        (part, why) -> fail(part + " left out on " + tested + ": " + why));
                assertTrue(patched == null ? EnginePatches.set().own(target).unneeded(classFile, jdk)
                        : patched != classFile, target + " on " + tested);
            }
            // a class the set does not patch is handed back as it is
            byte[] string = jdk.read("java/lang/String");
            assertTrue(string == EnginePatches.set().apply("java/lang/String", string, jdk, (part, why) -> { }));
        }
    }

    /** What the data says of a fingerprint found: {@code patched P}, {@code unneeded P}, or {@code unknown P}. */
    private static String state(final KnownFingerprints known, final String print) {
        return (known.patchable(print) ? "patched " : known.unneeded(print) ? "unneeded " : "unknown ") + print;
    }

    /** What the data records for a build, as {@link #state} names it, or null when it names no such build. */
    private static String recorded(final KnownFingerprints known, final String build) {
        if (known.absentFrom().contains(build)) {
            return "absent";
        }
        String patched = known.patchedByBuild().get(build);
        if (patched != null) {
            return "patched " + patched;
        }
        String unneeded = known.unneededByBuild().get(build);
        return unneeded == null ? null : "unneeded " + unneeded;
    }

    /** Each method of a class file ({@code name + descriptor}) and its fingerprint. */
    private static Map<String, String> prints(final byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        Map<String, String> prints = new TreeMap<>();
        for (MethodNode m : node.methods) {
            prints.put(m.name + m.desc, Fingerprint.of(m));
        }
        return prints;
    }

    /** How many instructions of a class file name a class of the runtime as installed. */
    private static int runtimeReferences(final byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        int references = 0;
        for (MethodNode m : node.methods) {
            for (AbstractInsnNode insn : m.instructions) {
                String owner = insn instanceof MethodInsnNode call ? call.owner
                        : insn instanceof FieldInsnNode field ? field.owner : "";
                references += owner.startsWith(RuntimeLocation.INSTALLED) ? 1 : 0;
            }
        }
        return references;
    }
}
