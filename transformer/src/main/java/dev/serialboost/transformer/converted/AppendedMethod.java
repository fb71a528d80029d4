package dev.serialboost.transformer.converted;

import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One method {@link ClassFileAppender} adds: its code written as it is visited, in the appended constant pool's
 * indexes, and the method added to the class file at {@code visitEnd}. Takes only the instructions the converted
 * bodies use and stack-map frames of kind {@code F_SAME}; anything else (a jump, a handler, {@code invokedynamic},
 * ...) is an {@link IllegalStateException} naming the method and class, so that a change to the generator cannot
 * write a wrong class file unnoticed.
 */
final class AppendedMethod extends MethodVisitor {

    private final ClassFileAppender file;

    private final int access;
    private final String name;
    private final String descriptor;
    private final String[] exceptions;
    private final ClassFileBytes code = new ClassFileBytes(128);
    /** Offsets of visited labels. */
    private final Map<Label, Integer> labels = new HashMap<>();
    /** Jumps to labels not yet visited: the switch instruction's offset, where its offset goes, the label. */
    private final List<Object[]> jumps = new ArrayList<>();
    private final ClassFileBytes frames = new ClassFileBytes(16);
    private int frameCount;
    private int lastFrame = -1;
    private int maxStack;
    private int maxLocals;

    AppendedMethod(final ClassFileAppender file, final int access, final String name, final String descriptor,
                   final String[] exceptions) {
        super(Opcodes.ASM9);
        this.file = file;
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
        code.putByte(opcode).putShort(file.classRef(type));
    }

    @Override
    public void visitFieldInsn(final int opcode, final String owner, final String fieldName, final String desc) {
        code.putByte(opcode).putShort(file.memberRef(9, owner, fieldName, desc));
    }

    @Override
    public void visitMethodInsn(final int opcode, final String owner, final String methodName, final String desc,
                                final boolean isInterface) {
        code.putByte(opcode).putShort(file.memberRef(isInterface ? 11 : 10, owner, methodName, desc));
        if (opcode == Opcodes.INVOKEINTERFACE) {
            code.putByte(ClassFileAppender.argumentSlots(desc) + 1).putByte(0);
        }
    }

    @Override
    public void visitLdcInsn(final Object value) {
        if (value instanceof Long || value instanceof Double
                || value instanceof ConstantDynamic d && (d.getSize() == 2)) {
            throw unsupported("ldc2_w of " + value);
        }
        int index = file.constant(value);
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
        file.methods.putShort(access).putShort(file.utf8(name)).putShort(file.utf8(descriptor)).putShort(attributes);
        int frameBytes = frameCount == 0 ? 0 : 8 + frames.length;
        file.methods.putShort(file.utf8("Code")).putInt(12 + code.length + frameBytes).putShort(maxStack)
                .putShort(maxLocals).putInt(code.length).putBytes(code.data, 0, code.length).putShort(0);
        if (frameCount == 0) {
            file.methods.putShort(0);
        } else {
            file.methods.putShort(1).putShort(file.utf8("StackMapTable")).putInt(2 + frames.length).putShort(frameCount)
                    .putBytes(frames.data, 0, frames.length);
        }
        if (exceptions != null) {
            file.methods.putShort(file.utf8("Exceptions")).putInt(2 + 2 * exceptions.length)
                    .putShort(exceptions.length);
            for (String e : exceptions) {
                file.methods.putShort(file.classRef(e));
            }
        }
        file.methodCount++;
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
        return new IllegalStateException(what + " in generated method " + name + " of " + file.className);
    }
}
