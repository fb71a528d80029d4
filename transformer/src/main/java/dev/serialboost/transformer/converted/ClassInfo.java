package dev.serialboost.transformer.converted;

import org.objectweb.asm.ClassReader;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the analysis needs to know of one class file, read in a single pass without its code or attributes: header,
 * members, and the special serialization methods among them. Immutable.
 */
final class ClassInfo {

    /** A declared field. */
    record Field(String name, String descriptor, int access) {
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

    /** The prefix of the names of the members serialboost adds. */
    static final String MEMBER_PREFIX = "$sb$";
    /** The tag of a {@code CONSTANT_Methodref} entry. */
    private static final int METHODREF = 10;
    /** Indexes of the special serialization methods, as {@link #special} tells them. */
    private static final int WRITE_OBJECT = 0;
    private static final int READ_OBJECT = 1;
    private static final int READ_OBJECT_NO_DATA = 2;
    private static final int SPECIAL_METHODS = 3;

    /** The header facts of the same class file. */
    final ClassHeader header;
    final String name;
    final String superName;
    final List<String> interfaces;
    final int access;
    final int majorVersion;
    final List<Field> fields;
    /** Whether a method's name starts with {@link #MEMBER_PREFIX}: the class file was converted already. */
    final boolean prefixedMethod;
    /** The declared {@code writeObject(ObjectOutputStream)}, whatever its modifiers; null when there is none. */
    final Method writeObject;
    /** The declared {@code readObject(ObjectInputStream)}, whatever its modifiers; null when there is none. */
    final Method readObject;
    /** The declared {@code readObjectNoData()}, whatever its modifiers; null when there is none. */
    final Method readObjectNoData;
    /**
     * The methods of {@code ObjectOutputStream} and {@code ObjectInputStream} the class file refers to, as {@code
     * ObjectOutputStream.defaultWriteObject}; read only when the class declares a {@code writeObject} or
     * {@code readObject} (else empty).
     */
    final Set<String> streamCalls;

    private ClassInfo(final ClassHeader header, final List<Field> fields, final boolean prefixedMethod,
                      final Method[] special, final Set<String> streamCalls) {
        this.header = header;
        this.name = header.name;
        this.superName = header.superName;
        this.interfaces = header.interfaces;
        this.access = header.access;
        this.majorVersion = header.majorVersion;
        this.fields = fields;
        this.prefixedMethod = prefixedMethod;
        this.writeObject = special[WRITE_OBJECT];
        this.readObject = special[READ_OBJECT];
        this.readObjectNoData = special[READ_OBJECT_NO_DATA];
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
     * indexed it, with no visitor and no attribute decoded: the names, descriptors and access flags of the fields, and
     * of the methods only the special ones and whether one has {@link #MEMBER_PREFIX} (their names compared as bytes,
     * not decoded: most classes have many more methods than fields). What {@code ClassReader.accept} with
     * {@code SKIP_CODE | SKIP_DEBUG} reports of the same, but for the pseudo access flags ASM adds from attributes
     * ({@code ACC_DEPRECATED}, {@code ACC_RECORD}, {@code ACC_SYNTHETIC} from a {@code Synthetic} attribute), which no
     * check asks about ({@code ClassInfoTest} compares the two).
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
            fields[i] = new Field(classFile.readUTF8(u + 2, buffer), classFile.readUTF8(u + 4, buffer),
                    classFile.readUnsignedShort(u));
            u = ClassHeader.skipAttributes(classFile, u + 6);
        }
        int methodCount = classFile.readUnsignedShort(u);
        u += 2;
        Method[] special = new Method[SPECIAL_METHODS];
        boolean prefixed = false;
        for (int i = 0; i < methodCount; i++) {
            int name = classFile.readUnsignedShort(u + 2);
            int which = special(classFile, name, classFile.readUnsignedShort(u + 4));
            if (which >= 0) {
                special[which] = new Method(classFile.readUTF8(u + 2, buffer), classFile.readUTF8(u + 4, buffer),
                        classFile.readUnsignedShort(u));
            }
            prefixed |= ClassHeader.startsWith(classFile, name, PREFIX);
            u = ClassHeader.skipAttributes(classFile, u + 6);
        }
        boolean custom = special[WRITE_OBJECT] != null || special[READ_OBJECT] != null;
        return new ClassInfo(header, List.of(fields), prefixed, special,
                custom ? streamCalls(classFile, buffer) : Set.of());
    }

    private static final byte[] PREFIX = ascii(MEMBER_PREFIX);
    private static final byte[][] SPECIAL_NAMES = {
        ascii("writeObject"), ascii("readObject"), ascii("readObjectNoData"),
    };
    private static final byte[][] SPECIAL_DESCRIPTORS = {
        ascii("(Ljava/io/ObjectOutputStream;)V"), ascii("(Ljava/io/ObjectInputStream;)V"), ascii("()V"),
    };

    private static byte[] ascii(final String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Which special serialization method the method with these pool indexes of its name and descriptor is (their
     * bytes compared); -1 for any other method.
     */
    private static int special(final ClassReader classFile, final int name, final int descriptor) {
        for (int which = 0; which < SPECIAL_METHODS; which++) {
            if (ClassHeader.isUtf8(classFile, name, SPECIAL_NAMES[which])) {
                return ClassHeader.isUtf8(classFile, descriptor, SPECIAL_DESCRIPTORS[which]) ? which : -1;
            }
        }
        return -1;
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
}
