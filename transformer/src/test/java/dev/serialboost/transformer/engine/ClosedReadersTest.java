package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@link ClosedReaders} claims of each JDK class, checked against the instructions of every tested JDK's: the
 * fingerprint is known there, and the {@code readObject} (with {@code LinkedList.linkLast}) calls nothing but what the
 * runtime relies on: on the stream, {@code defaultReadObject}, {@code readInt}, {@code readFields} (whose overrides it
 * checks) and the final {@code readObject()}; the JDK's {@code GetField}; the filter check of {@code checkArray};
 * exceptions and their messages; and methods of its own class that no class outside {@code java.base} can override.
 * For {@link ClosedReaders#FIRST}, its first call is {@code readFields} or {@code defaultReadObject}: nothing runs before
 * it, and nothing after it is claimed.
 */
class ClosedReadersTest {

    private static final String OIS = "java/io/ObjectInputStream";

    /** Calls every closed reader may make, as {@code owner.name}. */
    private static final Set<String> ALLOWED = Set.of(OIS + ".defaultReadObject", OIS + ".readInt",
            OIS + ".readFields", OIS + ".readObject", "java/io/ObjectInputStream$GetField.get",
            "java/io/ObjectInputStream$GetField.defaulted",
            "jdk/internal/access/SharedSecrets.getJavaObjectInputStreamAccess",
            "jdk/internal/access/JavaObjectInputStreamAccess.checkArray",
            "java/lang/StringBuilder.<init>", "java/lang/StringBuilder.append", "java/lang/StringBuilder.toString",
            "java/io/InvalidObjectException.<init>", "java/io/StreamCorruptedException.<init>",
            "java/lang/ClassNotFoundException.<init>", "[B.clone", "[Ljava/lang/Object;.clone",
            // the class's own, which no class outside java.base can override: package-private, static or private
            "java/util/LinkedList.linkLast", "java/util/LinkedList$Node.<init>", "java/lang/Object.<init>",
            "java/math/BigInteger.stripLeadingZeroBytes", "java/math/BigInteger$UnsafeHolder.putSignAndMag");


    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void eachKnownClassIsClosedOnEveryTestedJdk(final Jdk jdk) throws IOException {
        jdk.assumeInstalled();
        try (FileSystem jrt = jdk.classFiles()) {
            for (Map.Entry<String, ClosedReaders.Known> e : ClosedReaders.KNOWN.entrySet()) {
                String name = e.getKey();
                byte[] classFile = JdkClassFiles.read(jrt, name);
                assertEquals(e.getValue().verdict(), ClosedReaders.verdict(name, classFile),
                        name + " on " + jdk + ": fingerprint not recorded");
                ClassNode node = new ClassNode();
                new ClassReader(classFile).accept(node, ClassReader.SKIP_DEBUG);
                List<String> calls = calls(node, ClosedReaders.READ_OBJECT);
                for (String helper : e.getValue().helpers()) {
                    calls.addAll(calls(node, helper));
                }
                if (ClosedReaders.FIRST.equals(e.getValue().verdict())) {
                    // what follows the first read may run another class's code: only the first is claimed
                    assertTrue(Set.of(OIS + ".readFields", OIS + ".defaultReadObject").contains(calls.get(0)),
                            name + " on " + jdk + ": its first call is " + calls.get(0));
                    continue;
                }
                for (String call : calls) {
                    assertTrue(ALLOWED.contains(call), name + " on " + jdk + " calls " + call);
                }
            }
        }
    }

    @Test
    void aClassNotKnownOrChangedIsNot() throws IOException {
        byte[] hashMap;
        byte[] arrayList;
        try (var in = Object.class.getModule().getResourceAsStream("java/util/HashMap.class")) {
            hashMap = in.readAllBytes();
        }
        try (var in = Object.class.getModule().getResourceAsStream("java/util/ArrayList.class")) {
            arrayList = in.readAllBytes();
        }
        assertNull(ClosedReaders.verdict("java/util/HashMap", hashMap));
        assertNull(ClosedReaders.verdict("java/util/HashMap"));
        assertEquals(ClosedReaders.ALL, ClosedReaders.verdict("java/util/ArrayList"));
        assertNotNull(ClosedReaders.verdict("java/util/ArrayList", arrayList));
        assertNull(ClosedReaders.verdict("java/util/ArrayList", withHashCodeCall(arrayList)),
                "an ArrayList.readObject that calls hashCode() is not the one known");
        assertNull(ClosedReaders.verdict("java/util/ArrayList", null));
    }

    /** {@code classFile} with {@code this.hashCode()} called at the start of its {@code readObject}. */
    private static byte[] withHashCodeCall(final byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, 0);
        MethodNode m = method(node, ClosedReaders.READ_OBJECT);
        InsnList call = new InsnList();
        call.add(new VarInsnNode(Opcodes.ALOAD, 0));
        call.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "hashCode", "()I", false));
        call.add(new InsnNode(Opcodes.POP));
        m.instructions.insert(call);
        ClassWriter w = new ClassWriter(0);
        node.accept(w);
        return w.toByteArray();
    }

    /** The calls of a method, in order, as {@code owner.name}; an {@code invokedynamic} as {@code indy.name}. */
    private static List<String> calls(final ClassNode node, final String method) {
        List<String> calls = new ArrayList<>();
        for (AbstractInsnNode insn : method(node, method).instructions) {
            if (insn instanceof MethodInsnNode call) {
                calls.add(call.owner + "." + call.name);
            } else if (insn instanceof InvokeDynamicInsnNode indy) {
                calls.add("indy." + indy.name);
            }
        }
        return calls;
    }

    private static MethodNode method(final ClassNode node, final String nameAndDescriptor) {
        for (MethodNode m : node.methods) {
            if ((m.name + m.desc).equals(nameAndDescriptor)) {
                return m;
            }
        }
        throw new AssertionError("no " + nameAndDescriptor + " in " + node.name);
    }
}
