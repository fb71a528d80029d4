package dev.serialboost.transformer.engine;

import dev.serialboost.testing.Jdk;
import dev.serialboost.transformer.converted.ConvertedFormatPatches;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.JdkPatchSet;
import dev.serialboost.transformer.kit.RuntimeLocation;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.FileSystem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every reference the patched {@code java.io} classes make to the runtime, on every tested JDK, checked against the
 * runtime's real members as installed (STYLE: "a replacement is checked against a real signature"): with every patch
 * of the engine's set applied, and the converted format's after it, as the agent applies them (each class of the
 * sets, whatever patches they hold; none may be left out on a tested JDK), each call resolves to a static method of
 * the runtime class it names ({@link RuntimeLocation}) with that very descriptor, and each field read to a static
 * final field of that type; and only {@code java.io}'s own code can link to each (issue 33, item 2): it is
 * package-private, or its class is ({@code RuntimeImage}). Generated converted
 * code is checked by its own tests; it calls only the public members {@code RuntimeImageTest} lists.
 */
class RuntimeCallsTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void everyRuntimeReferenceOfThePatchedClassesResolvesToAPackagePrivateStaticMember(final Jdk jdk)
            throws Exception {
        jdk.assumeInstalled();
        Map<String, byte[]> patched = new LinkedHashMap<>();
        try (FileSystem jrt = jdk.classFiles()) {
            ClassFileSource source = JdkClassFiles.source(jrt);
            JdkPatchSet.PartLeftOut none = (part, why) -> fail(part + " left out on " + jdk + ": " + why);
            for (String target : EnginePatches.set().targets()) {
                byte[] original = source.read(target);
                if (original != null) {
                    byte[] engine = EnginePatches.set().apply(target, original, source, none);
                    patched.put(target, engine == null ? original : engine);
                }
            }
            // the format's patches are checked on the JDK's classes, then change what the engine's made of them
            for (JdkPatch format : ConvertedFormatPatches.set().patches()) {
                String target = format.target();
                format.check(source.read(target), source);
                patched.put(target, format.change(patched.getOrDefault(target, source.read(target))));
            }
        }
        List<String> problems = new ArrayList<>();
        Set<String> used = new TreeSet<>();
        for (Map.Entry<String, byte[]> e : patched.entrySet()) {
            ClassNode node = new ClassNode();
            new ClassReader(e.getValue()).accept(node, ClassReader.SKIP_FRAMES);
            for (MethodNode m : node.methods) {
                String where = e.getKey() + "." + m.name + m.desc + ": ";
                for (AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof MethodInsnNode call && call.owner.startsWith(RuntimeLocation.INSTALLED)) {
                        used.add(simpleName(call.owner) + "." + call.name);
                        String problem = check(method(call.owner, call.name, call.desc), call.owner + "." + call.name
                                + call.desc);
                        if (problem != null) {
                            problems.add(where + problem);
                        }
                    } else if (insn instanceof FieldInsnNode read && read.owner.startsWith(RuntimeLocation.INSTALLED)) {
                        used.add(simpleName(read.owner) + "." + read.name);
                        Field f = field(read.owner, read.name, read.desc);
                        String problem = check(f, read.owner + "." + read.name);
                        if (problem == null && !Modifier.isFinal(f.getModifiers())) {
                            problem = f + " is not final";
                        }
                        if (problem != null) {
                            problems.add(where + problem);
                        }
                    } else if (insn instanceof LdcInsnNode ldc && ldc.cst instanceof ConstantDynamic condy
                            && condy.getBootstrapMethod().getOwner().startsWith(RuntimeLocation.INSTALLED)) {
                        problems.add(where + "a dynamic constant of the runtime, which patched JDK code never needs: "
                                + condy);
                    } else if (insn instanceof LdcInsnNode ldc && ldc.cst instanceof Handle h
                            && h.getOwner().startsWith(RuntimeLocation.INSTALLED)) {
                        problems.add(where + "a method handle constant of the runtime: " + h);
                    }
                }
            }
        }
        assertEquals(List.of(), problems, jdk.toString());
        // every kind of entry point is among the references checked (this JDK's patches all apply)
        for (String entry : List.of("Engine.readClassDescriptor", "Engine.resolveClass", "Engine.initNonProxy",
                "Engine.writeClassDescriptor", "Engine.enteredRead", "Engine.publicRead",
                "FieldAccess.getPrimFieldValues", "FieldAccess.setPrimFieldValues", "PrimitiveArrays.newArray",
                "ArrayReads.read", "StringReads.decode", "ConvertedFormat.lookupForWrite", "ConvertedFormat.readBegin",
                "ConvertedFormat.localDescriptor", "ConvertedFormat.NOT_CONVERTED")) {
            assertTrue(used.contains(entry), jdk + ": no reference to " + entry + " among " + used);
        }
    }

    /**
     * Null when {@code member} exists, is static, and code outside {@code java.io} cannot link to it (it is
     * package-private, or public in a class installed package-private), else what is wrong.
     */
    private static String check(final java.lang.reflect.Member member, final String reference) {
        if (member == null) {
            return "no static " + reference;
        }
        int mod = member.getModifiers();
        if (Modifier.isPrivate(mod)) {
            return member + " is private: java.io's code cannot link to it";
        }
        if ((Modifier.isPublic(mod) || Modifier.isProtected(mod))
                && Modifier.isPublic(member.getDeclaringClass().getModifiers())) {
            return member + " is public in a public class: once installed, code outside java.io could reach it";
        }
        return null;
    }

    /** The static method {@code name} with {@code descriptor} (installed names) of the runtime class, or null. */
    private static Method method(final String owner, final String name, final String descriptor)
            throws ClassNotFoundException {
        for (Method m : load(owner).getDeclaredMethods()) {
            if (m.getName().equals(name) && Modifier.isStatic(m.getModifiers())
                    && Type.getMethodDescriptor(m).equals(descriptor)) {
                return m;
            }
        }
        return null;
    }

    private static Field field(final String owner, final String name, final String descriptor)
            throws ClassNotFoundException {
        for (Field f : load(owner).getDeclaredFields()) {
            if (f.getName().equals(name) && Modifier.isStatic(f.getModifiers())
                    && Type.getDescriptor(f.getType()).equals(descriptor)) {
                return f;
            }
        }
        return null;
    }

    private static String simpleName(final String installedOwner) {
        return installedOwner.substring(RuntimeLocation.INSTALLED.length());
    }

    /** The runtime class as this test JVM installed it ({@code FormatTestAgent}), not initialized. */
    private static Class<?> load(final String installedOwner) throws ClassNotFoundException {
        return Class.forName(installedOwner.replace('/', '.'), false, null);
    }
}
