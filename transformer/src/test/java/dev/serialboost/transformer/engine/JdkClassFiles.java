package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.JdkPatchSet;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.commons.SimpleRemapper;
import org.objectweb.asm.util.CheckClassAdapter;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * What the tests of the JDK patches do with a tested JDK's classes: read one, name its build, apply a patch as the
 * installer does, verify one patched, compare the calls of the one method a patch changed, run one (renamed, in a
 * loader of its own).
 */
final class JdkClassFiles {

    private JdkClassFiles() {
    }

    /** The class file of a {@code java.base} class of the JDK whose {@link Jdk#classFiles()} these are. */
    static byte[] read(final FileSystem jrt, final String internalName) throws IOException {
        return Files.readAllBytes(jrt.getPath("/modules/java.base", internalName + ".class"));
    }

    /** The {@code java.base} class files of the JDK whose {@link Jdk#classFiles()} these are (null: missing). */
    static ClassFileSource source(final FileSystem jrt) {
        return internalName -> {
            Path file = jrt.getPath("/modules/java.base", internalName + ".class");
            try {
                return Files.exists(file) ? Files.readAllBytes(file) : null;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    /** The JDK's build, as the fingerprints name it: the {@code JAVA_VERSION} of its {@code release} file. */
    static String build(final Jdk jdk) throws IOException {
        Properties release = new Properties();
        try (Reader in = Files.newBufferedReader(jdk.home().resolve("release"), StandardCharsets.UTF_8)) {
            release.load(in);
        }
        return release.getProperty("JAVA_VERSION", "").replace("\"", "");
    }

    /** {@code patch} checked and applied as the installer applies it: the patched class file. */
    static byte[] apply(final JdkPatch patch, final byte[] classFile, final ClassFileSource jdk) {
        patch.check(classFile, jdk);
        return patch.change(classFile);
    }

    /**
     * The class file of {@code patch}'s class as the patches before it in {@code set} leave it (each applied as the
     * installer applies it), ready for {@code patch}.
     */
    static byte[] before(final JdkPatchSet set, final JdkPatch patch, final ClassFileSource jdk) {
        byte[] classFile = jdk.read(patch.target());
        for (JdkPatch earlier : set.of(patch.target())) {
            if (earlier == patch) {
                return classFile;
            }
            if (!earlier.unneeded(classFile, jdk)) { // a part this JDK has no need of is left out, as the set does
                classFile = apply(earlier, classFile, jdk);
            }
        }
        throw new IllegalArgumentException(patch + " is not in " + set);
    }

    /** The method named {@code name} of a class file (the first, if it has several), parsed without its frames. */
    static MethodNode method(final byte[] classFile, final String name) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, ClassReader.SKIP_FRAMES);
        return node.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }

    /** The method's instructions, without its labels and line numbers. */
    static List<AbstractInsnNode> instructions(final MethodNode method) {
        List<AbstractInsnNode> code = new ArrayList<>();
        for (AbstractInsnNode i : method.instructions) {
            if (i.getOpcode() >= 0) {
                code.add(i);
            }
        }
        return code;
    }

    /** The first instruction at or after {@code label}. */
    static AbstractInsnNode at(final LabelNode label) {
        AbstractInsnNode i = label;
        while (i.getOpcode() < 0) {
            i = i.getNext();
        }
        return i;
    }

    /** An instruction as the tests compare it: its opcode, and what it names (a member, a local, a type). */
    static String describe(final AbstractInsnNode i) {
        String what = i instanceof MethodInsnNode m ? " " + m.owner + "." + m.name + m.desc
                : i instanceof FieldInsnNode f ? " " + f.owner + "." + f.name + " " + f.desc
                : i instanceof VarInsnNode v ? " " + v.var
                : i instanceof TypeInsnNode t ? " " + t.desc : "";
        return i.getOpcode() + what;
    }

    /** {@link #describe(AbstractInsnNode)} of each of {@code code}, in order. */
    static List<String> describe(final List<AbstractInsnNode> code) {
        List<String> shown = new ArrayList<>();
        for (AbstractInsnNode i : code) {
            shown.add(describe(i));
        }
        return shown;
    }

    /** Fails unless ASM's verifier finds nothing wrong with a patched class of that JDK. */
    static void verify(final byte[] patched, final Jdk jdk) {
        StringWriter problems = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(patched), ClassLoader.getSystemClassLoader(), false,
                new PrintWriter(problems));
        assertEquals("", problems.toString(), "verification of a patched class of " + jdk);
    }

    /**
     * A JDK class renamed from {@code internalName} to {@code renamed}, without its nest (a class of its own here),
     * in the class-file version of the JDK running the test (the classes run this way use nothing newer), and defined
     * in a loader of its own, named {@code label}.
     */
    static Class<?> defineRenamed(final byte[] classFile, final String internalName, final String renamed,
                                  final String label) throws ClassNotFoundException {
        ClassWriter writer = new ClassWriter(0);
        ClassVisitor alone = new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(final int version, final int access, final String name, final String signature,
                              final String superName, final String[] interfaces) {
                super.visit(Opcodes.V17, access, name, signature, superName, interfaces);
            }

            @Override
            public void visitNestHost(final String nestHost) {
                // not a member of its outer class's nest
            }

            @Override
            public void visitInnerClass(final String name, final String outerName, final String innerName,
                                        final int access) {
                // nor one of its inner classes
            }
        };
        new ClassReader(classFile).accept(new ClassRemapper(alone,
                new SimpleRemapper(Opcodes.ASM9, internalName, renamed)), 0);
        byte[] bytes = writer.toByteArray();
        String name = renamed.replace('/', '.');
        ClassLoader loader = new ClassLoader(label, JdkClassFiles.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(final String wanted) throws ClassNotFoundException {
                if (!wanted.equals(name)) {
                    throw new ClassNotFoundException(wanted);
                }
                return defineClass(wanted, bytes, 0, bytes.length);
            }
        };
        return loader.loadClass(name);
    }

    /**
     * The calls made by one method of a patched class, before and after the patch ({@code owner.name(descriptor)},
     * in order), after asserting that every other method of the class is unchanged.
     *
     * @param method the patched method's name and descriptor, such as {@code "writeBytes(Ljava/lang/String;)V"}
     */
    static List<List<String>> callsOfTheOnlyChange(final byte[] original, final byte[] patched, final String method,
                                                   final Jdk jdk) {
        ClassNode before = node(original);
        ClassNode after = node(patched);
        assertEquals(before.methods.size(), after.methods.size(), jdk + ": methods");
        List<List<String>> changed = null;
        for (int i = 0; i < before.methods.size(); i++) {
            MethodNode b = before.methods.get(i);
            MethodNode a = after.methods.get(i);
            if ((a.name + a.desc).equals(method)) {
                changed = List.of(calls(b), calls(a));
            } else {
                assertEquals(Fingerprint.of(b), Fingerprint.of(a), jdk + ": " + a.name + a.desc
                        + " changed");
            }
        }
        assertNotNull(changed, jdk + ": no method " + method);
        return changed;
    }

    /**
     * Fails unless, of all the methods of the class, only {@code method} changed, and in it exactly the calls
     * {@code was} became {@code is}, each in its place.
     */
    static void assertOnly(final byte[] original, final byte[] patched, final String method, final Jdk jdk,
                                   final List<String> was, final List<String> is) {
        List<List<String>> calls = callsOfTheOnlyChange(original, patched, method, jdk);
        List<String> callsBefore = calls.get(0);
        List<String> callsAfter = calls.get(1);
        assertEquals(callsBefore.size(), callsAfter.size(), jdk + ": " + method);
        List<String> swapped = new ArrayList<>();
        List<String> into = new ArrayList<>();
        for (int c = 0; c < callsBefore.size(); c++) {
            if (!callsBefore.get(c).equals(callsAfter.get(c))) {
                swapped.add(callsBefore.get(c));
                into.add(callsAfter.get(c));
            }
        }
        assertEquals(was, swapped, jdk + ": the calls of " + method + " replaced");
        assertEquals(is, into, jdk + ": what they became");
    }

    private static ClassNode node(final byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, 0);
        return node;
    }

    /** Every call a method makes, {@code owner.name(descriptor)}, in order. */
    private static List<String> calls(final MethodNode m) {
        List<String> calls = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call) {
                calls.add(call.owner + "." + call.name + call.desc);
            }
        }
        return calls;
    }
}
