package dev.serialboost.transformer.converted;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Adds fields and methods to a class file and leaves every byte of it as it was: its constant pool, members and
 * attributes are copied as they are, the new constants after the old ones, the new members after the old ones, the new
 * bootstrap methods after the old ones. What {@code new ClassWriter(reader, 0)} and {@code reader.accept} write for
 * the same additions, without decoding and hashing the whole constant pool and walking every member and attribute
 * again: the class file was read once already, for its decision. The new constants are not shared with equal old ones
 * (the class file format allows that); the class's own {@code this_class}, supertypes and members keep their indexes.
 *
 * <p>The methods are written by a {@link MethodVisitor} that knows the few instructions the generator emits, and
 * stack-map frames of kind {@code F_SAME} only; max stack and locals are the ones its caller gives
 * ({@code ClassWriter}'s {@code COMPUTE_NOTHING}). Anything else fails with an {@link IllegalStateException}, so a
 * change to the generator cannot write a wrong class file unnoticed. Not thread-safe: one per class file.
 */
final class ClassFileAppender {

    private static final byte[] BOOTSTRAP_METHODS = "BootstrapMethods".getBytes(StandardCharsets.US_ASCII);

    private final byte[] original;
    private final String className;
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

    private final Bytes pool = new Bytes(512);
    private int poolCount;
    /**
     * The new {@code Utf8} constants by value, the new classes by name: the most asked for, and without a key made.
     * Sized for a class of a few dozen fields, so that they seldom grow while a class loads.
     */
    private final Map<String, Integer> utf8s = new HashMap<>(128);
    private final Map<String, Integer> classes = new HashMap<>(32);
    /** The other new constants and bootstrap methods, by a key of their tag and contents. */
    private final Map<String, Integer> constants = new HashMap<>(128);
    private final Bytes bootstraps = new Bytes(64);
    private int bootstrapCount;
    private final Bytes fields = new Bytes(64);
    private int fieldCount;
    private final Bytes methods = new Bytes(1024);
    private int methodCount;

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
        return new Method(access, name, descriptor, exceptions);
    }

    /** The class file with what was added. */
    byte[] toByteArray() {
        boolean newBootstrapAttribute = bootstrapCount > 0 && bootstrapAttribute < 0;
        int bootstrapName = newBootstrapAttribute ? utf8("BootstrapMethods") : 0;
        if (poolCount > 0xFFFF) {
            throw new IllegalStateException("constant pool of " + poolCount + " entries for " + className);
        }
        Bytes out = new Bytes(original.length + pool.length + fields.length + methods.length + bootstraps.length
                + (newBootstrapAttribute ? 8 : 0));
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
    private int memberRef(final int tag, final String owner, final String name, final String descriptor) {
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
    private int constant(final Object value) {
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

    /** Writes one method's code as it is visited; adds the method at {@code visitEnd}. */
    private final class Method extends MethodVisitor {
        private final int access;
        private final String name;
        private final String descriptor;
        private final String[] exceptions;
        private final Bytes code = new Bytes(128);
        /** Offsets of visited labels. */
        private final Map<Label, Integer> labels = new HashMap<>();
        /** Jumps to labels not yet visited: the switch instruction's offset, where its offset goes, the label. */
        private final List<Object[]> jumps = new ArrayList<>();
        private final Bytes frames = new Bytes(16);
        private int frameCount;
        private int lastFrame = -1;
        private int maxStack;
        private int maxLocals;

        Method(final int access, final String name, final String descriptor, final String[] exceptions) {
            super(Opcodes.ASM9);
            this.access = access;
            this.name = name;
            this.descriptor = descriptor;
            this.exceptions = exceptions;
        }

        @Override
        public void visitCode() {
        }

        @Override
        public void visitInsn(final int opcode) {
            code.putByte(opcode);
        }

        @Override
        public void visitIntInsn(final int opcode, final int operand) {
            if (opcode == Opcodes.BIPUSH) {
                code.putByte(opcode).putByte(operand);
            } else if (opcode == Opcodes.SIPUSH) {
                code.putByte(opcode).putShort(operand);
            } else {
                throw unsupported("int instruction " + opcode);
            }
        }

        @Override
        public void visitVarInsn(final int opcode, final int varIndex) {
            if (opcode < Opcodes.ILOAD || opcode > Opcodes.ALOAD || varIndex > 0xFF) {
                throw unsupported("variable instruction " + opcode + " " + varIndex);
            }
            if (varIndex < 4) {
                code.putByte(0x1a + ((opcode - Opcodes.ILOAD) << 2) + varIndex); // iload_0 ... aload_3
            } else {
                code.putByte(opcode).putByte(varIndex);
            }
        }

        @Override
        public void visitTypeInsn(final int opcode, final String type) {
            if (opcode != Opcodes.NEW && opcode != Opcodes.CHECKCAST) {
                throw unsupported("type instruction " + opcode);
            }
            code.putByte(opcode).putShort(classRef(type));
        }

        @Override
        public void visitFieldInsn(final int opcode, final String owner, final String fieldName, final String desc) {
            code.putByte(opcode).putShort(memberRef(9, owner, fieldName, desc));
        }

        @Override
        public void visitMethodInsn(final int opcode, final String owner, final String methodName, final String desc,
                                    final boolean isInterface) {
            code.putByte(opcode).putShort(memberRef(isInterface ? 11 : 10, owner, methodName, desc));
            if (opcode == Opcodes.INVOKEINTERFACE) {
                code.putByte(argumentSlots(desc) + 1).putByte(0);
            }
        }

        @Override
        public void visitLdcInsn(final Object value) {
            if (value instanceof Long || value instanceof Double
                    || value instanceof ConstantDynamic d && (d.getSize() == 2)) {
                throw unsupported("ldc2_w of " + value);
            }
            int index = constant(value);
            if (index < 256) {
                code.putByte(Opcodes.LDC).putByte(index);
            } else {
                code.putByte(19).putShort(index); // ldc_w
            }
        }

        @Override
        public void visitTableSwitchInsn(final int min, final int max, final Label dflt, final Label... cases) {
            int at = code.length;
            code.putByte(Opcodes.TABLESWITCH);
            while (code.length % 4 != 0) {
                code.putByte(0);
            }
            jump(at, dflt);
            code.putInt(min).putInt(max);
            for (Label c : cases) {
                jump(at, c);
            }
        }

        private void jump(final int instruction, final Label target) {
            Integer known = labels.get(target);
            if (known != null) {
                code.putInt(known - instruction);
            } else {
                jumps.add(new Object[] {instruction, code.length, target});
                code.putInt(0);
            }
        }

        @Override
        public void visitLabel(final Label label) {
            labels.put(label, code.length);
        }

        @Override
        public void visitFrame(final int type, final int numLocal, final Object[] local, final int numStack,
                               final Object[] stack) {
            if (type != Opcodes.F_SAME) {
                throw unsupported("frame of type " + type);
            }
            int offset = code.length;
            int delta = lastFrame < 0 ? offset : offset - lastFrame - 1;
            if (delta < 0) {
                throw unsupported("two frames at offset " + offset);
            }
            if (delta < 64) {
                frames.putByte(delta); // same_frame
            } else {
                frames.putByte(251).putShort(delta); // same_frame_extended
            }
            lastFrame = offset;
            frameCount++;
        }

        @Override
        public void visitMaxs(final int stack, final int locals) {
            this.maxStack = stack;
            this.maxLocals = locals;
        }

        @Override
        public void visitEnd() {
            for (Object[] j : jumps) {
                Integer target = labels.get((Label) j[2]);
                if (target == null) {
                    throw unsupported("a label never visited");
                }
                code.putIntAt((Integer) j[1], target - (Integer) j[0]);
            }
            int attributes = (exceptions == null ? 0 : 1) + 1;
            methods.putShort(access).putShort(utf8(name)).putShort(utf8(descriptor)).putShort(attributes);
            int frameBytes = frameCount == 0 ? 0 : 8 + frames.length;
            methods.putShort(utf8("Code")).putInt(12 + code.length + frameBytes).putShort(maxStack)
                    .putShort(maxLocals).putInt(code.length).putBytes(code.data, 0, code.length).putShort(0);
            if (frameCount == 0) {
                methods.putShort(0);
            } else {
                methods.putShort(1).putShort(utf8("StackMapTable")).putInt(2 + frames.length).putShort(frameCount)
                        .putBytes(frames.data, 0, frames.length);
            }
            if (exceptions != null) {
                methods.putShort(utf8("Exceptions")).putInt(2 + 2 * exceptions.length).putShort(exceptions.length);
                for (String e : exceptions) {
                    methods.putShort(classRef(e));
                }
            }
            methodCount++;
        }

        @Override
        public void visitJumpInsn(final int opcode, final Label label) {
            throw unsupported("jump " + opcode);
        }

        @Override
        public void visitIincInsn(final int varIndex, final int increment) {
            throw unsupported("iinc");
        }

        @Override
        public void visitLookupSwitchInsn(final Label dflt, final int[] keys, final Label[] labels) {
            throw unsupported("lookupswitch");
        }

        @Override
        public void visitMultiANewArrayInsn(final String desc, final int numDimensions) {
            throw unsupported("multianewarray");
        }

        @Override
        public void visitInvokeDynamicInsn(final String methodName, final String desc, final Handle bootstrap,
                                           final Object... arguments) {
            throw unsupported("invokedynamic");
        }

        @Override
        public void visitTryCatchBlock(final Label start, final Label end, final Label handler, final String type) {
            throw unsupported("try-catch block");
        }

        private IllegalStateException unsupported(final String what) {
            return new IllegalStateException(what + " in generated method " + name + " of " + className);
        }
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

    /** A growable byte array, big-endian. */
    private static final class Bytes {
        byte[] data;
        int length;

        Bytes(final int capacity) {
            data = new byte[capacity];
        }

        private void ensure(final int more) {
            if (length + more > data.length) {
                data = Arrays.copyOf(data, Math.max(data.length * 2, length + more));
            }
        }

        Bytes putByte(final int b) {
            ensure(1);
            data[length++] = (byte) b;
            return this;
        }

        Bytes putShort(final int s) {
            ensure(2);
            data[length++] = (byte) (s >>> 8);
            data[length++] = (byte) s;
            return this;
        }

        Bytes putInt(final int i) {
            ensure(4);
            putIntAt(length, i);
            length += 4;
            return this;
        }

        void putIntAt(final int at, final int i) {
            data[at] = (byte) (i >>> 24);
            data[at + 1] = (byte) (i >>> 16);
            data[at + 2] = (byte) (i >>> 8);
            data[at + 3] = (byte) i;
        }

        Bytes putBytes(final byte[] bytes, final int from, final int count) {
            ensure(count);
            System.arraycopy(bytes, from, data, length, count);
            length += count;
            return this;
        }

        /** A {@code CONSTANT_Utf8}'s length and modified UTF-8 bytes. */
        Bytes putUtf8(final String s, final String className) {
            int bytes = 0;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                bytes += c >= 0x0001 && c <= 0x007F ? 1 : c <= 0x07FF ? 2 : 3;
            }
            if (bytes > 0xFFFF) {
                throw new IllegalStateException("a string of " + bytes + " bytes in the constant pool of " + className);
            }
            putShort(bytes);
            ensure(bytes);
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c >= 0x0001 && c <= 0x007F) {
                    data[length++] = (byte) c;
                } else if (c <= 0x07FF) {
                    data[length++] = (byte) (0xC0 | (c >> 6) & 0x1F);
                    data[length++] = (byte) (0x80 | c & 0x3F);
                } else {
                    data[length++] = (byte) (0xE0 | (c >> 12) & 0x0F);
                    data[length++] = (byte) (0x80 | (c >> 6) & 0x3F);
                    data[length++] = (byte) (0x80 | c & 0x3F);
                }
            }
            return this;
        }
    }
}
