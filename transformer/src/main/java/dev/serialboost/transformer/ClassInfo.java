package dev.serialboost.transformer;

import org.objectweb.asm.ClassReader;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

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

    /** The tag of a {@code CONSTANT_Methodref} entry. */
    private static final int METHODREF = 10;

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
    /**
     * The methods of {@code ObjectOutputStream} and {@code ObjectInputStream} the class file refers to, as {@code
     * ObjectOutputStream.defaultWriteObject}; read only when the class declares a method named {@code writeObject}
     * or {@code readObject} (else empty).
     */
    final Set<String> streamCalls;

    private ClassInfo(final ClassHeader header, final int reflectedAccess, final List<Field> fields,
                      final List<Method> methods, final boolean hasStaticInitializer, final Set<String> streamCalls) {
        this.header = header;
        this.name = header.name;
        this.superName = header.superName;
        this.interfaces = header.interfaces;
        this.access = header.access;
        this.reflectedAccess = reflectedAccess;
        this.majorVersion = header.majorVersion;
        this.fields = fields;
        this.methods = methods;
        this.hasStaticInitializer = hasStaticInitializer;
        this.streamCalls = streamCalls;
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

    /**
     * Reads the rest of a class file whose header is read already, straight from the class file as ASM's reader has
     * indexed it, with no visitor and no other attribute decoded: the fields (with their {@code ConstantValue}), the
     * methods' names, descriptors and access, and the class's own {@code InnerClasses} entry. What
     * {@code ClassReader.accept} with {@code SKIP_CODE | SKIP_DEBUG} reports of the same, but for the pseudo access
     * flags ASM adds from attributes ({@code ACC_DEPRECATED}, {@code ACC_RECORD}, {@code ACC_SYNTHETIC} from a
     * {@code Synthetic} attribute), which no check asks about ({@code ClassInfoTest} compares the two).
     *
     * @throws IllegalArgumentException (or another runtime exception) when the tables run past the class file
     */
    static ClassInfo parse(final ClassReader classFile, final ClassHeader header) {
        char[] buffer = new char[classFile.getMaxStringLength()];
        int u = classFile.header + 6;
        u += 2 + 2 * classFile.readUnsignedShort(u);
        int fieldCount = classFile.readUnsignedShort(u);
        u += 2;
        Field[] fields = new Field[fieldCount];
        for (int i = 0; i < fieldCount; i++) {
            int access = classFile.readUnsignedShort(u);
            String fieldName = classFile.readUTF8(u + 2, buffer);
            String descriptor = classFile.readUTF8(u + 4, buffer);
            int attributes = classFile.readUnsignedShort(u + 6);
            u += 8;
            Object value = null;
            for (int a = 0; a < attributes; a++) {
                int length = attributeLength(classFile, u);
                if ("ConstantValue".equals(classFile.readUTF8(u, buffer))) {
                    int index = classFile.readUnsignedShort(u + 6);
                    value = index == 0 ? null : classFile.readConst(index, buffer);
                }
                u += 6 + length;
            }
            fields[i] = new Field(fieldName, descriptor, access, value);
        }
        int methodCount = classFile.readUnsignedShort(u);
        u += 2;
        Method[] methods = new Method[methodCount];
        boolean hasStaticInitializer = false;
        boolean custom = false;
        for (int i = 0; i < methodCount; i++) {
            String methodName = classFile.readUTF8(u + 2, buffer);
            methods[i] = new Method(methodName, classFile.readUTF8(u + 4, buffer), classFile.readUnsignedShort(u));
            hasStaticInitializer |= methodName.equals("<clinit>");
            custom |= methodName.equals("writeObject") || methodName.equals("readObject");
            int attributes = classFile.readUnsignedShort(u + 6);
            u += 8;
            for (int a = 0; a < attributes; a++) {
                u += 6 + attributeLength(classFile, u);
            }
        }
        int reflectedAccess = header.access;
        int attributes = classFile.readUnsignedShort(u);
        u += 2;
        for (int a = 0; a < attributes; a++) {
            int length = attributeLength(classFile, u);
            if ("InnerClasses".equals(classFile.readUTF8(u, buffer))) {
                int entries = classFile.readUnsignedShort(u + 6);
                for (int e = 0, at = u + 8; e < entries; e++, at += 8) {
                    if (header.name.equals(classFile.readClass(at, buffer))) {
                        reflectedAccess = classFile.readUnsignedShort(at + 6);
                    }
                }
            }
            u += 6 + length;
        }
        return new ClassInfo(header, reflectedAccess, List.of(fields), List.of(methods), hasStaticInitializer,
                custom ? streamCalls(classFile, buffer) : Set.of());
    }

    /** The {@code Methodref} entries of the constant pool whose class is one of the two object streams. */
    private static Set<String> streamCalls(final ClassReader classFile, final char[] buffer) {
        Set<String> calls = new HashSet<>();
        for (int i = 1; i < classFile.getItemCount(); i++) {
            int at = classFile.getItem(i);
            if (at == 0 || classFile.readByte(at - 1) != METHODREF) {
                continue;
            }
            String owner = classFile.readClass(at, buffer);
            if ("java/io/ObjectOutputStream".equals(owner) || "java/io/ObjectInputStream".equals(owner)) {
                int nameAndType = classFile.getItem(classFile.readUnsignedShort(at + 2));
                calls.add(owner.substring(owner.lastIndexOf('/') + 1) + "." + classFile.readUTF8(nameAndType,
                        buffer));
            }
        }
        return Set.copyOf(calls);
    }

    private static int attributeLength(final ClassReader classFile, final int offset) {
        int length = classFile.readInt(offset + 2);
        if (length < 0) {
            throw new IllegalArgumentException("attribute length " + length);
        }
        return length;
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
}
