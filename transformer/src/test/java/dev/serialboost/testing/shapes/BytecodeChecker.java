package dev.serialboost.testing.shapes;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.SimpleVerifier;
import org.objectweb.asm.util.CheckClassAdapter;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link CheckClassAdapter#verify} checks, without a class loader for the classes under test:
 * {@link CheckClassAdapter} (structure, and basic data flow of every method) and then a type-checking
 * {@link Analyzer} with a {@link SimpleVerifier} whose type hierarchy comes from the given class files
 * (other classes, e.g. JDK and {@code dev.serialboost.runtime} ones, are looked up without initializing).
 */
public final class BytecodeChecker {

    private final Map<String, byte[]> classFiles; // by internal name
    private final Map<String, ClassInfo> infos = new HashMap<>();

    private record ClassInfo(String superName, List<String> interfaces, boolean isInterface) {
    }

    /** @param classFiles class files by binary name; they define the hierarchy of the classes they hold */
    public BytecodeChecker(final Map<String, byte[]> classFiles) {
        this.classFiles = new HashMap<>();
        classFiles.forEach((name, bytes) -> this.classFiles.put(name.replace('.', '/'), bytes));
    }

    /** Every problem found in {@code classFile}; empty when it checks. */
    public List<String> check(final byte[] classFile) {
        List<String> problems = new ArrayList<>();
        ClassReader reader = new ClassReader(classFile);
        ClassNode node = new ClassNode();
        try {
            reader.accept(new CheckClassAdapter(Opcodes.ASM9, node, true) { }, 0);
        } catch (RuntimeException e) {
            problems.add("CheckClassAdapter: " + e);
            return problems;
        }
        Type self = Type.getObjectType(node.name);
        Type superType = node.superName == null ? null : Type.getObjectType(node.superName);
        List<Type> interfaces = new ArrayList<>();
        for (String i : node.interfaces) {
            interfaces.add(Type.getObjectType(i));
        }
        boolean isInterface = (node.access & Opcodes.ACC_INTERFACE) != 0;
        for (MethodNode method : node.methods) {
            Analyzer<BasicValue> analyzer = new Analyzer<>(new Verifier(self, superType, interfaces, isInterface));
            try {
                analyzer.analyze(node.name, method);
            } catch (AnalyzerException | RuntimeException e) {
                problems.add(node.name + "." + method.name + method.desc + ": " + e.getMessage()
                        + (e.getCause() != null ? " (" + e.getCause() + ")" : ""));
            }
        }
        return problems;
    }

    private ClassInfo info(final String internalName) {
        return infos.computeIfAbsent(internalName, name -> {
            byte[] bytes = classFiles.get(name);
            if (bytes != null) {
                ClassReader r = new ClassReader(bytes);
                return new ClassInfo(r.getSuperName(), List.of(r.getInterfaces()),
                        (r.getAccess() & Opcodes.ACC_INTERFACE) != 0);
            }
            if (name.startsWith("gen/")) {
                throw new IllegalStateException("no class file for " + name);
            }
            try {
                Class<?> c = Class.forName(name.replace('/', '.'), false, BytecodeChecker.class.getClassLoader());
                List<String> itfs = new ArrayList<>();
                for (Class<?> i : c.getInterfaces()) {
                    itfs.add(Type.getInternalName(i));
                }
                return new ClassInfo(c.getSuperclass() == null ? null : Type.getInternalName(c.getSuperclass()),
                        itfs, c.isInterface());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("unknown class " + name, e);
            }
        });
    }

    /** Whether {@code sub} (internal name) is {@code sup} or a subclass / implementation of it. */
    private boolean isSubclass(final String sub, final String sup) {
        Deque<String> todo = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        todo.add(sub);
        while (!todo.isEmpty()) {
            String t = todo.poll();
            if (t.equals(sup)) {
                return true;
            }
            if (seen.add(t)) {
                ClassInfo i = info(t);
                if (i.superName() != null) {
                    todo.add(i.superName());
                }
                todo.addAll(i.interfaces());
            }
        }
        return false;
    }

    private final class Verifier extends SimpleVerifier {

        Verifier(final Type self, final Type superType, final List<Type> interfaces, final boolean isInterface) {
            super(Opcodes.ASM9, self, superType, interfaces, isInterface);
        }

        @Override
        protected boolean isInterface(final Type type) {
            return type.getSort() == Type.OBJECT && info(type.getInternalName()).isInterface();
        }

        @Override
        protected Type getSuperClass(final Type type) {
            if (type.getSort() == Type.ARRAY) {
                return Type.getObjectType("java/lang/Object");
            }
            String superName = info(type.getInternalName()).superName();
            return superName == null ? null : Type.getObjectType(superName);
        }

        @Override
        protected boolean isAssignableFrom(final Type to, final Type from) {
            if (to.equals(from)) {
                return true;
            }
            if (to.getSort() == Type.ARRAY) {
                if (from.getSort() != Type.ARRAY) {
                    return false;
                }
                Type toComponent = Type.getType(to.getDescriptor().substring(1));
                Type fromComponent = Type.getType(from.getDescriptor().substring(1));
                if (toComponent.getSort() < Type.ARRAY || fromComponent.getSort() < Type.ARRAY) {
                    return false; // primitive components must be equal
                }
                return isAssignableFrom(toComponent, fromComponent);
            }
            String target = to.getInternalName();
            if (from.getSort() == Type.ARRAY) {
                return target.equals("java/lang/Object") || target.equals("java/lang/Cloneable")
                        || target.equals("java/io/Serializable");
            }
            // Like the JVM's verifier (and SimpleVerifier.isSubTypeOf), any object type passes for an interface.
            return target.equals("java/lang/Object") || info(target).isInterface()
                    || isSubclass(from.getInternalName(), target);
        }

        /**
         * Only reached from {@code isSubTypeOf} after {@link #isAssignableFrom} said no, to ask whether the
         * expected type is an interface; which it is not (interfaces pass above). No class is loaded.
         */
        @Override
        protected Class<?> getClass(final Type type) {
            if (type.getSort() == Type.OBJECT && info(type.getInternalName()).isInterface()) {
                throw new IllegalStateException("unexpected interface check for " + type);
            }
            return Object[].class; // some class that is not an interface
        }
    }
}
