package dev.serialboost.transformer;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.ArrayList;
import java.util.List;

/**
 * What the analysis needs to know of one class file, read in a single pass without its code: header, members and
 * whether a static initializer exists. Immutable.
 */
final class ClassInfo {

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
        classFile.accept(reader, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
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

    /** Collects the summary. */
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
            hasStaticInitializer |= name.equals("<clinit>");
            return null;
        }
    }
}
