package dev.serialboost.transformer.converted;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;

import java.util.List;
import java.util.Objects;

/**
 * What a class file says before its code: name, supertypes, access flags, version, and the access of its no-arg
 * constructor. Enough to walk supertypes, to reject a class that cannot be serializable, and to check the no-arg
 * constructor of a first non-serializable superclass; read without visiting any code or attribute, and small
 * enough to keep for every class a loader defines. Immutable.
 */
final class ClassHeader {

    /** Internal name. */
    final String name;
    /** Internal name of the superclass; null only for {@code java/lang/Object} and {@code module-info}. */
    final String superName;
    final List<String> interfaces;
    /** The {@code access_flags} of the class file (not those of an {@code InnerClasses} entry). */
    final int access;
    final int majorVersion;
    /**
     * The access flags of {@code <init>()V}, or -1 when there is none; {@link #NOT_READ} in a header made from a loaded
     * class ({@link #of}).
     */
    final int noArgConstructorAccess;

    /** {@link #noArgConstructorAccess} of a header made from a loaded class: its class file says it. */
    static final int NOT_READ = -2;
    /** The class-file version of the running JDK's own classes. */
    private static final int RUNNING_JDK_VERSION = Runtime.version().feature() + 44;

    private ClassHeader(final String name, final String superName, final List<String> interfaces, final int access,
                        final int majorVersion, final int noArgConstructorAccess) {
        this.name = name;
        this.superName = superName;
        this.interfaces = interfaces;
        this.access = access;
        this.majorVersion = majorVersion;
        this.noArgConstructorAccess = noArgConstructorAccess;
    }

    /**
     * Reads the header of a class file ASM has opened (its constructor checked the version and indexed the constant
     * pool): the fixed part, then the name and type of each method, skipping fields and attributes by their lengths.
     *
     * @throws IllegalArgumentException (or another runtime exception) when the tables run past the class file
     */
    static ClassHeader read(final ClassReader reader) {
        // this_class, super_class, then each interface: read in one loop, so that the JIT compiles one copy of the
        // string decoding this method inlines, not one per kind of name
        int interfaceCount = reader.readUnsignedShort(reader.header + 6);
        // a buffer for the longest of these names, not for the longest string of the class (a long literal's)
        int longest = 0;
        for (int i = 0; i < 2 + interfaceCount; i++) {
            longest = Math.max(longest, nameLength(reader, reader.header + 2 + 2 * i + (i < 2 ? 0 : 2)));
        }
        char[] buffer = new char[longest];
        String name = null;
        String superName = null;
        String[] interfaces = new String[interfaceCount];
        for (int i = 0; i < 2 + interfaceCount; i++) {
            String read = reader.readClass(reader.header + 2 + 2 * i + (i < 2 ? 0 : 2), buffer);
            if (i == 0) {
                name = read;
            } else if (i == 1) {
                superName = read;
            } else {
                interfaces[i - 2] = read;
            }
        }
        int u = reader.header + 8 + 2 * interfaceCount;
        int fieldCount = reader.readUnsignedShort(u);
        u += 2;
        for (int i = 0; i < fieldCount; i++) {
            u = skipAttributes(reader, u + 6);
        }
        int methodCount = reader.readUnsignedShort(u);
        u += 2;
        int noArg = -1;
        for (int i = 0; i < methodCount; i++) {
            // compared as bytes: most classes never need their method names as strings
            if (noArg < 0 && isUtf8(reader, reader.readUnsignedShort(u + 2), INIT)
                    && isUtf8(reader, reader.readUnsignedShort(u + 4), NO_ARGS)) {
                noArg = reader.readUnsignedShort(u);
            }
            u = skipAttributes(reader, u + 6);
        }
        return new ClassHeader(name, superName, List.of(interfaces),
                reader.readUnsignedShort(reader.header), reader.readUnsignedShort(6), noArg);
    }

    /**
     * The length in bytes (at least its length in chars) of the name of the {@code CONSTANT_Class} whose pool index is
     * at {@code offset}; 0 for index 0 (no superclass).
     */
    private static int nameLength(final ClassReader reader, final int offset) {
        int classIndex = reader.readUnsignedShort(offset);
        return classIndex == 0 ? 0 : reader.readUnsignedShort(reader.getItem(reader.readUnsignedShort(
                reader.getItem(classIndex))));
    }

    /**
     * The header of a class the JVM has loaded, taken from the class instead of its class file, for a class of the
     * running JDK: its name and supertypes as its class file has them (an interface's superclass is
     * {@code java/lang/Object} there), of its access flags only what the checks read of a JDK class
     * ({@code ACC_INTERFACE}, with {@code ACC_ABSTRACT}), the running JDK's class-file version (a few classes the
     * image generates have an older one, no older than the checks' {@link EligibilityCheck#MIN_VERSION}), and the
     * no-arg constructor {@link #NOT_READ}.
     */
    static ClassHeader of(final Class<?> loaded) {
        Class<?>[] types = loaded.getInterfaces();
        String[] interfaces = new String[types.length];
        for (int i = 0; i < types.length; i++) {
            interfaces[i] = internalName(types[i]);
        }
        Class<?> superclass = loaded.getSuperclass();
        String superName = superclass != null ? internalName(superclass)
                : loaded.isInterface() ? "java/lang/Object" : null;
        int access = loaded.isInterface() ? Opcodes.ACC_INTERFACE | Opcodes.ACC_ABSTRACT : 0;
        return new ClassHeader(internalName(loaded), superName, List.of(interfaces), access, RUNNING_JDK_VERSION,
                NOT_READ);
    }

    private static String internalName(final Class<?> c) {
        return c.getName().replace('.', '/');
    }

    private static final byte[] INIT = {'<', 'i', 'n', 'i', 't', '>'};
    private static final byte[] NO_ARGS = {'(', ')', 'V'};

    /** Whether the {@code CONSTANT_Utf8} at pool index {@code index} holds exactly {@code ascii}'s bytes. */
    static boolean isUtf8(final ClassReader reader, final int index, final byte[] ascii) {
        int offset = reader.getItem(index);
        return reader.readUnsignedShort(offset) == ascii.length && startsWith(reader, index, ascii);
    }

    /** Whether the {@code CONSTANT_Utf8} at pool index {@code index} starts with {@code ascii}'s bytes. */
    static boolean startsWith(final ClassReader reader, final int index, final byte[] ascii) {
        int offset = reader.getItem(index);
        if (reader.readUnsignedShort(offset) < ascii.length) {
            return false;
        }
        for (int i = 0; i < ascii.length; i++) {
            if (reader.readByte(offset + 2 + i) != ascii[i]) {
                return false;
            }
        }
        return true;
    }

    /** The offset after the {@code attributes_count} and attributes starting at {@code offset}. */
    static int skipAttributes(final ClassReader reader, final int offset) {
        int count = reader.readUnsignedShort(offset);
        int u = offset + 2;
        for (int i = 0; i < count; i++) {
            int length = reader.readInt(u + 2);
            if (length < 0) {
                throw new IllegalArgumentException("attribute length " + length);
            }
            u += 6 + length;
        }
        return u;
    }

    boolean is(final int flag) {
        return (access & flag) != 0;
    }

    String className() {
        return name.replace('/', '.');
    }

    String packageName() {
        int slash = name.lastIndexOf('/');
        return slash < 0 ? "" : name.substring(0, slash);
    }

    boolean sameSupertypes(final ClassHeader other) {
        return other != null && Objects.equals(superName, other.superName) && interfaces.equals(other.interfaces);
    }

    /** Whether the class is an interface or a module descriptor rather than a class. */
    boolean isNotAClass() {
        return is(Opcodes.ACC_INTERFACE | Opcodes.ACC_MODULE);
    }
}
