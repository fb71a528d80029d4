package dev.serialboost.transformer.converted;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Adds fields and methods to a class file and leaves every byte of it as it was: its constant pool, members and
 * attributes are copied as they are, the new constants after the old ones, the new members after the old ones, the new
 * bootstrap methods after the old ones. What {@code new ClassWriter(reader, 0)} and {@code reader.accept} write for
 * the same additions, without decoding and hashing the whole constant pool and walking every member and attribute
 * again: the class file was read once already, for its decision. The new constants are not shared with equal old ones
 * (the class file format allows that); the class's own {@code this_class}, supertypes and members keep their indexes.
 *
 * <p>The methods are written by {@link AppendedMethod}, a {@link MethodVisitor} that knows the few instructions the
 * generator emits, and
 * stack-map frames of kind {@code F_SAME} only; max stack and locals are the ones its caller gives
 * ({@code ClassWriter}'s {@code COMPUTE_NOTHING}). Anything else fails with an {@link IllegalStateException}, so a
 * change to the generator cannot write a wrong class file unnoticed. Not thread-safe: one per class file.
 */
final class ClassFileAppender {

    private static final byte[] BOOTSTRAP_METHODS = "BootstrapMethods".getBytes(StandardCharsets.US_ASCII);

    private final byte[] original;
    final String className;
    /** Offsets in {@link #original}: the end of the constant pool, of the interfaces, of the fields, of the methods. */
    private final int poolEnd;
    private final int fieldsStart;
    private final int methodsStart;
    private final int attributesStart;
    private final int originalPoolCount;
    /** The original {@code BootstrapMethods} attribute's offset, or -1; and its number of entries. */
    private final int bootstrapAttribute;
    private final int originalBootstrapCount;
    private int major;
    private int minor;

    private final ClassFileBytes pool = new ClassFileBytes(512);
    private int poolCount;
    /**
     * The new {@code Utf8} constants by value, the new classes by name: the most asked for, and without a key made.
     * Sized for a class of a few dozen fields, so that they seldom grow while a class loads.
     */
    private final Map<String, Integer> utf8s = new HashMap<>(128);
    private final Map<String, Integer> classes = new HashMap<>(32);
    /** The other new constants and bootstrap methods, by a key of their tag and contents. */
    private final Map<String, Integer> constants = new HashMap<>(128);
    private final ClassFileBytes bootstraps = new ClassFileBytes(64);
    private int bootstrapCount;
    private final ClassFileBytes fields = new ClassFileBytes(64);
    private int fieldCount;
    final ClassFileBytes methods = new ClassFileBytes(1024);
    int methodCount;

    /**
     * @param reader   ASM's reader of {@code original} (its constructor checked the version and indexed the pool)
     * @param original the class file's bytes, from offset 0
     */
    ClassFileAppender(final ClassReader reader, final byte[] original) {
        this.original = original;
        this.className = reader.getClassName();
        this.poolEnd = reader.header;
        this.originalPoolCount = reader.getItemCount();
        this.poolCount = originalPoolCount;
        this.minor = reader.readUnsignedShort(4);
        this.major = reader.readUnsignedShort(6);
        int u = reader.header + 6;
        u += 2 + 2 * reader.readUnsignedShort(u);
        this.fieldsStart = u;
        u = skipMembers(reader, u);
        this.methodsStart = u;
        u = skipMembers(reader, u);
        this.attributesStart = u;
        int attributeCount = reader.readUnsignedShort(u);
        u += 2;
        int bootstrap = -1;
        for (int i = 0; i < attributeCount; i++) {
            if (ClassHeader.isUtf8(reader, reader.readUnsignedShort(u), BOOTSTRAP_METHODS)) {
                bootstrap = u;
            }
            u += 6 + reader.readInt(u + 2);
        }
        if (u != original.length) {
            throw new IllegalStateException("class file ends at " + u + " of " + original.length + " for " + className);
        }
        this.bootstrapAttribute = bootstrap;
        this.originalBootstrapCount = bootstrap < 0 ? 0 : reader.readUnsignedShort(bootstrap + 6);
    }

    /** The offset after the {@code _count} and members (fields or methods) starting at {@code offset}. */
    private static int skipMembers(final ClassReader reader, final int offset) {
        int count = reader.readUnsignedShort(offset);
        int u = offset + 2;
        for (int i = 0; i < count; i++) {
            int attributes = reader.readUnsignedShort(u + 6);
            u += 8;
            for (int a = 0; a < attributes; a++) {
                u += 6 + reader.readInt(u + 2);
            }
        }
        return u;
    }

    /** The class file's major version. */
    int majorVersion() {
        return major;
    }

    /** Raises the class file's version to {@code newMajor}, minor version 0 (as {@code ClassVisitor.visit} would). */
    void setVersion(final int newMajor) {
        major = newMajor;
        minor = 0;
    }

    /** Adds a field; {@code value} (a {@code Long} or {@code String}, or null) becomes its {@code ConstantValue}. */
    void addField(final int access, final String name, final String descriptor, final Object value) {
        fields.putShort(access).putShort(utf8(name)).putShort(utf8(descriptor));
        if (value == null) {
            fields.putShort(0);
        } else {
            fields.putShort(1).putShort(utf8("ConstantValue")).putInt(2).putShort(constant(value));
        }
        fieldCount++;
    }

    /** Adds a method, whose code the returned visitor writes; it is added at its {@code visitEnd}. */
    MethodVisitor addMethod(final int access, final String name, final String descriptor, final String[] exceptions) {
        return new AppendedMethod(this, access, name, descriptor, exceptions);
    }

    /** The class file with what was added. */
    byte[] toByteArray() {
        boolean newBootstrapAttribute = bootstrapCount > 0 && bootstrapAttribute < 0;
        int bootstrapName = newBootstrapAttribute ? utf8("BootstrapMethods") : 0;
        if (poolCount > 0xFFFF) {
            throw new IllegalStateException("constant pool of " + poolCount + " entries for " + className);
        }
        ClassFileBytes out = new ClassFileBytes(original.length + pool.length + fields.length + methods.length
                + bootstraps.length + (newBootstrapAttribute ? 8 : 0));
        out.putInt(0xCAFEBABE).putShort(minor).putShort(major).putShort(poolCount);
        out.putBytes(original, 10, poolEnd - 10).putBytes(pool.data, 0, pool.length);
        out.putBytes(original, poolEnd, fieldsStart - poolEnd);
        out.putShort(readUnsignedShort(fieldsStart) + fieldCount);
        out.putBytes(original, fieldsStart + 2, methodsStart - fieldsStart - 2).putBytes(fields.data, 0, fields.length);
        out.putShort(readUnsignedShort(methodsStart) + methodCount);
        out.putBytes(original, methodsStart + 2, attributesStart - methodsStart - 2);
        out.putBytes(methods.data, 0, methods.length);
        out.putShort(readUnsignedShort(attributesStart) + (newBootstrapAttribute ? 1 : 0));
        if (bootstrapAttribute < 0 || bootstrapCount == 0) {
            out.putBytes(original, attributesStart + 2, original.length - attributesStart - 2);
        } else {
            int length = readInt(bootstrapAttribute + 2);
            int end = bootstrapAttribute + 6 + length;
            out.putBytes(original, attributesStart + 2, bootstrapAttribute - attributesStart - 2);
            out.putShort(readUnsignedShort(bootstrapAttribute)).putInt(length + bootstraps.length)
                    .putShort(originalBootstrapCount + bootstrapCount)
                    .putBytes(original, bootstrapAttribute + 8, length - 2).putBytes(bootstraps.data, 0, bootstraps.length)
                    .putBytes(original, end, original.length - end);
        }
        if (newBootstrapAttribute) {
            out.putShort(bootstrapName).putInt(2 + bootstraps.length).putShort(bootstrapCount)
                    .putBytes(bootstraps.data, 0, bootstraps.length);
        }
        return out.data.length == out.length ? out.data : Arrays.copyOf(out.data, out.length);
    }

    private int readUnsignedShort(final int offset) {
        return ((original[offset] & 0xFF) << 8) | (original[offset + 1] & 0xFF);
    }

    private int readInt(final int offset) {
        return (readUnsignedShort(offset) << 16) | readUnsignedShort(offset + 2);
    }

    // ---- the new constants ----

    private Integer known(final String key) {
        return constants.get(key);
    }

    private int add(final String key, final int slots) {
        int index = poolCount;
        poolCount += slots;
        constants.put(key, index);
        return index;
    }

    int utf8(final String value) {
        Integer index = utf8s.get(value);
        if (index != null) {
            return index;
        }
        pool.putByte(1).putUtf8(value, className);
        utf8s.put(value, poolCount);
        return poolCount++;
    }

    int classRef(final String internalName) {
        Integer index = classes.get(internalName);
        if (index != null) {
            return index;
        }
        int utf8 = utf8(internalName);
        pool.putByte(7).putShort(utf8);
        classes.put(internalName, poolCount);
        return poolCount++;
    }

    private int string(final String value) {
        String key = "\u0008" + value;
        Integer index = known(key);
        if (index != null) {
            return index;
        }
        int utf8 = utf8(value);
        pool.putByte(8).putShort(utf8);
        return add(key, 1);
    }

    private int nameAndType(final String name, final String descriptor) {
        String key = "\u000c" + name + '\u0000' + descriptor;
        Integer index = known(key);
        if (index != null) {
            return index;
        }
        int n = utf8(name);
        int d = utf8(descriptor);
        pool.putByte(12).putShort(n).putShort(d);
        return add(key, 1);
    }

    /** A {@code Fieldref} (9), {@code Methodref} (10) or {@code InterfaceMethodref} (11). */
    int memberRef(final int tag, final String owner, final String name, final String descriptor) {
        String key = (char) tag + owner + '\u0000' + name + '\u0000' + descriptor;
        Integer index = known(key);
        if (index != null) {
            return index;
        }
        int c = classRef(owner);
        int nt = nameAndType(name, descriptor);
        pool.putByte(tag).putShort(c).putShort(nt);
        return add(key, 1);
    }

    private int methodHandle(final Handle handle) {
        String key = "\u000f" + handle.getTag() + handle.getOwner() + '\u0000' + handle.getName() + '\u0000'
                + handle.getDesc() + handle.isInterface();
        Integer index = known(key);
        if (index != null) {
            return index;
        }
        int tag = handle.getTag();
        int refTag = tag <= Opcodes.H_PUTSTATIC ? 9 : handle.isInterface() ? 11 : 10;
        int ref = memberRef(refTag, handle.getOwner(), handle.getName(), handle.getDesc());
        pool.putByte(15).putByte(tag).putShort(ref);
        return add(key, 1);
    }

    /** A {@code CONSTANT_Dynamic}, its bootstrap method after the class's own. */
    private int dynamic(final ConstantDynamic value) {
        Handle bootstrap = value.getBootstrapMethod();
        int handle = methodHandle(bootstrap);
        int[] arguments = new int[value.getBootstrapMethodArgumentCount()];
        StringBuilder key = new StringBuilder("\u0011").append(handle);
        for (int i = 0; i < arguments.length; i++) {
            arguments[i] = constant(value.getBootstrapMethodArgument(i));
            key.append(',').append(arguments[i]);
        }
        String bootstrapKey = key.toString();
        Integer bootstrapIndex = known(bootstrapKey);
        if (bootstrapIndex == null) {
            bootstraps.putShort(handle).putShort(arguments.length);
            for (int argument : arguments) {
                bootstraps.putShort(argument);
            }
            bootstrapIndex = originalBootstrapCount + bootstrapCount++;
            constants.put(bootstrapKey, bootstrapIndex);
        }
        String dynamicKey = "\u0012" + bootstrapIndex + '\u0000' + value.getName() + '\u0000' + value.getDescriptor();
        Integer index = known(dynamicKey);
        if (index != null) {
            return index;
        }
        int nt = nameAndType(value.getName(), value.getDescriptor());
        pool.putByte(17).putShort(bootstrapIndex).putShort(nt);
        return add(dynamicKey, 1);
    }

    /** The constant for {@code ldc} or {@code ConstantValue}: an {@code Integer}, {@code Long}, {@code String} or condy. */
    int constant(final Object value) {
        if (value instanceof String s) {
            return string(s);
        }
        if (value instanceof Integer i) {
            String key = "\u0003" + i;
            Integer index = known(key);
            if (index != null) {
                return index;
            }
            pool.putByte(3).putInt(i);
            return add(key, 1);
        }
        if (value instanceof Long l) {
            String key = "\u0005" + l;
            Integer index = known(key);
            if (index != null) {
                return index;
            }
            pool.putByte(5).putInt((int) (l >>> 32)).putInt((int) (long) l);
            return add(key, 2);
        }
        if (value instanceof ConstantDynamic d) {
            return dynamic(d);
        }
        throw new IllegalStateException("constant " + value + " not supported for " + className);
    }

    /** The argument slots of a method descriptor (long and double take two). */
    static int argumentSlots(final String descriptor) {
        int slots = 0;
        int i = 1;
        while (descriptor.charAt(i) != ')') {
            char c = descriptor.charAt(i);
            if (c == 'J' || c == 'D') {
                slots += 2;
                i++;
            } else {
                while (descriptor.charAt(i) == '[') {
                    i++;
                }
                if (descriptor.charAt(i) == 'L') {
                    i = descriptor.indexOf(';', i);
                }
                slots++;
                i++;
            }
        }
        return slots;
    }

}
