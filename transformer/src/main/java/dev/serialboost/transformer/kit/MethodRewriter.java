package dev.serialboost.transformer.kit;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * How the JDK patches change a class file: some of its methods passed through a visitor on their way to the writer,
 * every other method and the rest of the class copied as they are. The writer is made from the reader, so a method
 * no visitor asks for is copied without being parsed: a patch of one method of {@code ObjectInputStream} costs the
 * parse of that method, not of the class.
 */
public final class MethodRewriter {

    private MethodRewriter() {
    }

    /** What {@link #rewriteMethods} puts before one method's writer: a visitor passing to {@code next}, or null. */
    @FunctionalInterface
    public interface MethodRewrite {
        MethodVisitor visitor(int access, String name, String descriptor, String signature, String[] exceptions,
                              MethodVisitor next);
    }

    /** What {@link #swapCalls} does with one {@code invokevirtual}: the call to put in its place, or null. */
    @FunctionalInterface
    public interface CallSwap {
        MethodInsnNode swap(MethodNode method, MethodInsnNode call);
    }

    /** What {@link #editMethods} does with one method, parsed: changes it in place. */
    @FunctionalInterface
    public interface MethodEdit {
        void edit(MethodNode method);
    }

    /**
     * A class file with each method that {@code rewrite} answers for passed through its visitor on the way to the
     * writer; every other method, and the rest of the class, copied as it is.
     *
     * @param writerFlags {@code ClassWriter} flags: 0, or {@code COMPUTE_MAXS} (never {@code COMPUTE_FRAMES}, which
     *                    loads classes)
     */
    public static byte[] rewriteMethods(final byte[] classFile, final int writerFlags, final MethodRewrite rewrite) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, writerFlags);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(final int access, final String name, final String descriptor,
                                             final String signature, final String[] exceptions) {
                MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
                MethodVisitor visitor = rewrite.visitor(access, name, descriptor, signature, exceptions, next);
                return visitor != null ? visitor : next;
            }
        }, 0);
        return writer.toByteArray();
    }

    /**
     * A class file with each instance method whose {@code name + descriptor} is one of {@code methods} parsed into a
     * tree, handed to {@code edit} and written as {@code edit} left it; frames and maximum sizes stay as they are
     * (an edit that needs more stack raises {@code maxStack} itself).
     *
     * @param found set to true, per method of {@code methods}, for each one the class has (may be null)
     */
    public static byte[] editMethods(final byte[] classFile, final java.util.List<String> methods,
                                     final boolean[] found, final MethodEdit edit) {
        return rewriteMethods(classFile, 0, (access, name, descriptor, signature, exceptions, next) -> {
            int which = (access & Opcodes.ACC_STATIC) != 0 ? -1 : methods.indexOf(name + descriptor);
            if (which < 0) {
                return null;
            }
            if (found != null) {
                found[which] = true;
            }
            return new MethodNode(Opcodes.ASM9, access, name, descriptor, signature, exceptions) {
                @Override
                public void visitEnd() {
                    edit.edit(this);
                    accept(next);
                }
            };
        });
    }

    /**
     * {@link #editMethods} of {@code methods} of {@code owner} (an internal name), each of which the class must have.
     *
     * @throws IllegalStateException naming the first of {@code methods} the class does not have
     */
    public static byte[] editRequired(final byte[] classFile, final String owner, final java.util.List<String> methods,
                                      final MethodEdit edit) {
        boolean[] found = new boolean[methods.size()];
        byte[] edited = editMethods(classFile, methods, found, edit);
        for (int i = 0; i < found.length; i++) {
            if (!found[i]) {
                throw new IllegalStateException("this JDK's " + owner.replace('/', '.') + " has no " + methods.get(i));
            }
        }
        return edited;
    }

    /**
     * A class file with each {@code invokevirtual} that {@code swap} answers for replaced by its answer (a call with
     * the same stack effect), in every method; frames stay as they are. For small classes, whose every method is
     * parsed.
     */
    public static byte[] swapCalls(final byte[] classFile, final CallSwap swap) {
        return rewriteMethods(classFile, 0, (access, name, descriptor, signature, exceptions, next) ->
                new MethodNode(Opcodes.ASM9, access, name, descriptor, signature, exceptions) {
                    @Override
                    public void visitEnd() {
                        for (AbstractInsnNode insn : instructions.toArray()) {
                            if (insn instanceof MethodInsnNode call && call.getOpcode() == Opcodes.INVOKEVIRTUAL) {
                                MethodInsnNode replacement = swap.swap(this, call);
                                if (replacement != null) {
                                    instructions.set(insn, replacement);
                                }
                            }
                        }
                        accept(next);
                    }
                });
    }

    /** The instruction before {@code insn}, past labels, line numbers and frames; null before the first, or for null. */
    public static AbstractInsnNode previousInstruction(final AbstractInsnNode insn) {
        AbstractInsnNode previous = insn == null ? null : insn.getPrevious();
        while (previous != null && previous.getOpcode() < 0) {
            previous = previous.getPrevious();
        }
        return previous;
    }
}
