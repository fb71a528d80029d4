package dev.serialboost.transformer;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.List;

/**
 * What the analysis needs to know of one class file, read in a single pass: header, members, whether
 * a static initializer exists, and what the class's own no-arg constructor does. Immutable.
 */
final class ClassInfo {

    /** What a class's own {@code <init>()V} amounts to on the read path. */
    enum NoArgConstructor {
        /** There is none; the generator injects one. */
        ABSENT,
        /**
         * It only calls the superclass's no-arg constructor and stores constants that reading
         * overwrites (or default values): running it leaves the state plain JDK reading leaves.
         */
        EQUIVALENT,
        /** It does more; running it on read would run code the JDK does not run. */
        RUNS_CODE
    }

    /** A declared field. */
    record Field(String name, String descriptor, int access, Object constantValue) {
        boolean is(final int flag) {
            return (access & flag) != 0;
        }
    }

    /** A declared method or constructor. */
    record Method(String name, String descriptor, int access) {
        boolean is(final int flag) {
            return (access & flag) != 0;
        }
    }

    /** The header facts of the same class file. */
    final ClassHeader header;
    final String name;
    final String superName;
    final List<String> interfaces;
    final int access;
    /** The access flags the JDK reports through {@code Class.getModifiers()}: nested-class flags win. */
    final int reflectedAccess;
    final int majorVersion;
    final List<Field> fields;
    final List<Method> methods;
    final boolean hasStaticInitializer;
    final NoArgConstructor noArgConstructor;

    private ClassInfo(final Reader r, final ClassHeader header) {
        this.header = header;
        this.name = r.name;
        this.superName = r.superName;
        this.interfaces = List.of(r.interfaces);
        this.access = r.access;
        this.reflectedAccess = r.reflectedAccess;
        this.majorVersion = r.version & 0xFFFF;
        this.fields = List.copyOf(r.fields);
        this.methods = List.copyOf(r.methods);
        this.hasStaticInitializer = r.hasStaticInitializer;
        this.noArgConstructor = r.noArgCode == null ? NoArgConstructor.ABSENT : classify(r.noArgCode, r);
    }

    /**
     * Reads a class file.
     *
     * @throws IllegalArgumentException when the bytes are not a class file ASM can read
     */
    static ClassInfo parse(final byte[] classFile) {
        return parse(new ClassReader(classFile));
    }

    static ClassInfo parse(final ClassReader classFile) {
        return parse(classFile, ClassHeader.read(classFile));
    }

    /** Reads the rest of a class file whose header is read already. */
    static ClassInfo parse(final ClassReader classFile, final ClassHeader header) {
        Reader reader = new Reader();
        classFile.accept(reader, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new ClassInfo(reader, header);
    }

    boolean is(final int flag) {
        return (access & flag) != 0;
    }

    String className() {
        return name.replace('/', '.');
    }

    Field field(final String fieldName) {
        for (Field f : fields) {
            if (f.name.equals(fieldName)) {
                return f;
            }
        }
        return null;
    }

    Method method(final String methodName, final String descriptor) {
        for (Method m : methods) {
            if (m.name.equals(methodName) && m.descriptor.equals(descriptor)) {
                return m;
            }
        }
        return null;
    }

    /**
     * Accepts, ignoring labels, line numbers and frames: {@code aload_0; invokespecial super.<init>()V}, then
     * any number of {@code aload_0; <constant>; putfield own-field} where the field is serializable (reading
     * overwrites it) or the constant is the field's default value, then {@code return}.
     */
    private static NoArgConstructor classify(final MethodNode method, final Reader r) {
        List<AbstractInsnNode> code = new ArrayList<>();
        for (AbstractInsnNode insn : method.instructions) {
            if (insn.getOpcode() >= 0) {
                code.add(insn);
            }
        }
        if (code.size() < 3 || !isThis(code.get(0)) || !isSuperNoArgCall(code.get(1), r)) {
            return NoArgConstructor.RUNS_CODE;
        }
        int i = 2;
        while (i + 2 < code.size() && isThis(code.get(i)) && code.get(i + 2) instanceof FieldInsnNode store
                && store.getOpcode() == Opcodes.PUTFIELD && store.owner.equals(r.name)
                && storesHarmlessConstant(code.get(i + 1), store, r)) {
            i += 3;
        }
        return i == code.size() - 1 && code.get(i).getOpcode() == Opcodes.RETURN
                ? NoArgConstructor.EQUIVALENT : NoArgConstructor.RUNS_CODE;
    }

    private static boolean isThis(final AbstractInsnNode insn) {
        return insn instanceof VarInsnNode load && load.getOpcode() == Opcodes.ALOAD && load.var == 0;
    }

    private static boolean isSuperNoArgCall(final AbstractInsnNode insn, final Reader r) {
        return insn instanceof MethodInsnNode call && call.getOpcode() == Opcodes.INVOKESPECIAL
                && call.owner.equals(r.superName) && call.name.equals("<init>") && call.desc.equals("()V");
    }

    private static boolean storesHarmlessConstant(final AbstractInsnNode value, final FieldInsnNode store,
                                                  final Reader r) {
        Field target = null;
        for (Field f : r.fields) {
            if (f.name.equals(store.name) && f.descriptor.equals(store.desc)) {
                target = f;
            }
        }
        if (target == null || target.is(Opcodes.ACC_STATIC)) {
            return false;
        }
        int op = value.getOpcode();
        boolean isDefault = op == Opcodes.ACONST_NULL || op == Opcodes.ICONST_0 || op == Opcodes.LCONST_0
                || op == Opcodes.FCONST_0 || op == Opcodes.DCONST_0;
        if (isDefault) {
            return true;
        }
        boolean isConstant = (op >= Opcodes.ICONST_M1 && op <= Opcodes.DCONST_1)
                || op == Opcodes.BIPUSH || op == Opcodes.SIPUSH
                || (value instanceof LdcInsnNode ldc && (ldc.cst instanceof String || ldc.cst instanceof Number));
        // A non-default constant survives reading only in a transient field; a serializable one is overwritten.
        return isConstant && !target.is(Opcodes.ACC_TRANSIENT);
    }

    /** Collects the summary; keeps the code of {@code <init>()V} only. */
    private static final class Reader extends ClassVisitor {
        String name;
        String superName;
        String[] interfaces;
        int access;
        int reflectedAccess;
        int version;
        final List<Field> fields = new ArrayList<>();
        final List<Method> methods = new ArrayList<>();
        boolean hasStaticInitializer;
        MethodNode noArgCode;

        Reader() {
            super(Opcodes.ASM9);
        }

        @Override
        public void visit(final int version, final int access, final String name, final String signature,
                          final String superName, final String[] interfaces) {
            this.version = version;
            this.access = access;
            this.reflectedAccess = access;
            this.name = name;
            this.superName = superName;
            this.interfaces = interfaces == null ? new String[0] : interfaces;
        }

        @Override
        public void visitInnerClass(final String innerName, final String outerName, final String simpleName,
                                    final int innerAccess) {
            if (innerName.equals(name)) {
                reflectedAccess = innerAccess;
            }
        }

        @Override
        public FieldVisitor visitField(final int access, final String name, final String descriptor,
                                       final String signature, final Object value) {
            fields.add(new Field(name, descriptor, access, value));
            return null;
        }

        @Override
        public MethodVisitor visitMethod(final int access, final String name, final String descriptor,
                                         final String signature, final String[] exceptions) {
            methods.add(new Method(name, descriptor, access));
            if (name.equals("<clinit>")) {
                hasStaticInitializer = true;
            } else if (name.equals("<init>") && descriptor.equals("()V")) {
                noArgCode = new MethodNode(Opcodes.ASM9, access, name, descriptor, signature, exceptions);
                return noArgCode;
            }
            return null;
        }
    }
}
