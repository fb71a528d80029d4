package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.ClassFileAppender;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.fixtures.Fixtures;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.util.TraceClassVisitor;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ClassFileAppender} adds exactly what ASM's {@code ClassWriter} adds for the same calls: the same members,
 * code, frames, constants and bootstrap methods, as ASM reads them back (its {@code Textifier}, which shows no
 * constant-pool indexes), for class files with and without bootstrap methods of their own and with a raised version.
 */
class ClassFileAppenderTest {

    private static final Handle BOOTSTRAP = new Handle(Opcodes.H_INVOKESTATIC,
            "dev/serialboost/runtime/converted/FinalField", "bootstrap", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;Ljava/lang/String;)"
                    + "Ldev/serialboost/runtime/converted/FinalField;", false);

    /** Has bootstrap methods of its own (a lambda, a string concatenation). */
    static final class WithBootstraps {
        private final long id = System.nanoTime();

        Supplier<String> describe(final String prefix) {
            return () -> prefix + id;
        }
    }

    @Test
    void addsWhatClassWriterAdds() {
        for (Class<?> c : new Class<?>[] {WithBootstraps.class, Fixtures.Point.class, Fixtures.Base.class}) {
            byte[] original = ClassFileSource.of(getClass().getClassLoader()).read(c.getName().replace('.', '/'));
            for (int version : new int[] {0, Opcodes.V11, Opcodes.V21}) {
                assertEquals(text(viaClassWriter(original, version)), text(viaAppender(original, version)),
                        c.getName() + " version " + version);
            }
        }
    }

    @Test
    void addsBootstrapMethodsAfterTheClasssOwn() {
        byte[] original = ClassFileSource.of(getClass().getClassLoader())
                .read(WithBootstraps.class.getName().replace('.', '/'));
        String appended = text(viaAppender(original, 0));
        assertTrue(appended.contains("LambdaMetafactory"), appended);
        assertTrue(appended.contains("dev/serialboost/runtime/converted/FinalField.bootstrap"), appended);
        assertNotEquals(text(original), appended);
    }

    @Test
    void refusesInstructionsItDoesNotKnow() {
        byte[] original = ClassFileSource.of(getClass().getClassLoader())
                .read(Fixtures.Point.class.getName().replace('.', '/'));
        MethodVisitor mv = new ClassFileAppender(new ClassReader(original), original)
                .addMethod(Opcodes.ACC_PRIVATE, "m", "()V", null);
        assertThrows(IllegalStateException.class, () -> mv.visitJumpInsn(Opcodes.GOTO, new Label()));
        assertThrows(IllegalStateException.class, () -> mv.visitIincInsn(1, 1));
        assertThrows(IllegalStateException.class, () -> mv.visitFrame(Opcodes.F_FULL, 0, null, 0, null));
    }

    private static byte[] viaAppender(final byte[] original, final int version) {
        ClassReader reader = new ClassReader(original);
        ClassFileAppender appender = new ClassFileAppender(reader, original);
        if (version != 0) {
            appender.setVersion(version);
        }
        boolean frames = appender.majorVersion() >= Opcodes.V1_6;
        appender.addField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC,
                "$sb$uid", "J", 1234567890123L);
        appender.addField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC,
                "$sb$spec", "Ljava/lang/String;", "a:J;b:I;é€");
        appender.addField(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, "$sb$plain", "I", null);
        String owner = reader.getClassName();
        emitSwitch(appender.addMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, "$sb$ref", "(I)Ljava/lang/Object;",
                null), owner, 3, frames);
        emitSwitch(appender.addMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, "$sb$wide", "(I)Ljava/lang/Object;",
                null), owner, 40, frames);
        emitStraight(appender.addMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, "$sb$set",
                "([BI[Ljava/lang/Object;I)V", new String[] {"java/io/IOException"}), owner);
        return appender.toByteArray();
    }

    private static byte[] viaClassWriter(final byte[] original, final int version) {
        ClassReader reader = new ClassReader(original);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            private boolean frames;

            @Override
            public void visit(final int v, final int access, final String name, final String signature,
                              final String superName, final String[] interfaces) {
                int newVersion = version != 0 ? version : v;
                frames = (newVersion & 0xFFFF) >= Opcodes.V1_6;
                super.visit(newVersion, access, name, signature, superName, interfaces);
            }

            @Override
            public void visitEnd() {
                super.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC,
                        "$sb$uid", "J", null, 1234567890123L).visitEnd();
                super.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC,
                        "$sb$spec", "Ljava/lang/String;", null, "a:J;b:I;é€").visitEnd();
                super.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, "$sb$plain", "I", null, null).visitEnd();
                String owner = reader.getClassName();
                emitSwitch(super.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, "$sb$ref",
                        "(I)Ljava/lang/Object;", null, null), owner, 3, frames);
                emitSwitch(super.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, "$sb$wide",
                        "(I)Ljava/lang/Object;", null, null), owner, 40, frames);
                emitStraight(super.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, "$sb$set",
                        "([BI[Ljava/lang/Object;I)V", null, new String[] {"java/io/IOException"}), owner);
                super.visitEnd();
            }
        }, 0);
        return writer.toByteArray();
    }

    /** A table switch over {@code cases} fields, as the generator's {@code $sb$ref}; 40 cases need extended frames. */
    private static void emitSwitch(final MethodVisitor mv, final String owner, final int cases, final boolean frames) {
        mv.visitCode();
        Label[] labels = new Label[cases];
        for (int i = 0; i < cases; i++) {
            labels[i] = new Label();
        }
        Label other = new Label();
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitTableSwitchInsn(0, cases - 1, other, labels);
        for (int i = 0; i < cases; i++) {
            mv.visitLabel(labels[i]);
            if (frames) {
                mv.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
            }
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitFieldInsn(Opcodes.GETFIELD, owner, "f" + i, "Ljava/lang/String;");
            mv.visitInsn(Opcodes.ARETURN);
        }
        mv.visitLabel(other);
        if (frames) {
            mv.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
        }
        mv.visitTypeInsn(Opcodes.NEW, "java/lang/IndexOutOfBoundsException");
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/IndexOutOfBoundsException", "<init>", "(I)V", false);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitMaxs(3, 2);
        mv.visitEnd();
    }

    /** Every other instruction the generator emits: dynamic constants (two sharing a bootstrap), pushes, calls. */
    private static void emitStraight(final MethodVisitor mv, final String owner) {
        mv.visitCode();
        for (String field : new String[] {"a", "b", "a"}) {
            mv.visitLdcInsn(new ConstantDynamic(field, "Ldev/serialboost/runtime/converted/FinalField;", BOOTSTRAP,
                    "J"));
            mv.visitInsn(Opcodes.POP);
        }
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitVarInsn(Opcodes.ILOAD, 2);
        mv.visitIntInsn(Opcodes.BIPUSH, 100);
        mv.visitInsn(Opcodes.IADD);
        mv.visitIntInsn(Opcodes.SIPUSH, 30000);
        mv.visitInsn(Opcodes.IADD);
        mv.visitLdcInsn(70000);
        mv.visitInsn(Opcodes.IADD);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "dev/serialboost/runtime/SerialboostRuntime", "getLong", "([BI)J",
                false);
        mv.visitFieldInsn(Opcodes.PUTFIELD, owner, "x", "J");
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ALOAD, 3);
        mv.visitVarInsn(Opcodes.ILOAD, 4);
        mv.visitInsn(Opcodes.AALOAD);
        mv.visitTypeInsn(Opcodes.CHECKCAST, "java/lang/String");
        mv.visitFieldInsn(Opcodes.PUTFIELD, owner, "s", "Ljava/lang/String;");
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitFieldInsn(Opcodes.GETFIELD, owner, "x", "J");
        mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/io/ObjectOutput", "writeLong", "(J)V", true);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(6, 5);
        mv.visitEnd();
    }

    private static String text(final byte[] classFile) {
        StringWriter text = new StringWriter();
        new ClassReader(classFile).accept(new TraceClassVisitor(new PrintWriter(text)), 0);
        return text.toString();
    }
}
