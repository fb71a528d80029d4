package dev.serialboost.testing.shapes;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** The constant a constructor assigns to a field: as source text for reports, and as bytecode. */
final class Constants {

    private Constants() {
    }

    static String source(final FieldShape f) {
        int c = f.constant();
        return switch (f.type()) {
            case BOOLEAN -> String.valueOf((c & 1) == 1);
            case BYTE -> "(byte) " + (byte) c;
            case CHAR -> "'" + (char) ('A' + c % 26) + "'";
            case SHORT -> "(short) " + (short) (c * 31);
            case INT -> String.valueOf(c * 7919);
            case LONG -> c * 1_000_003L + "L";
            case FLOAT -> c / 8f + "f";
            case DOUBLE -> String.valueOf(c / 16.0);
            case STRING -> "\"k" + c + "\"";
            case BOXED_INTEGER -> "Integer.valueOf(" + c + ")";
            case BOXED_LONG -> "Long.valueOf(" + c + "L)";
            case BOXED_DOUBLE -> "Double.valueOf(" + c / 4.0 + ")";
            case BOXED_CHARACTER -> "Character.valueOf('" + (char) ('a' + c % 26) + "')";
            case BOXED_BOOLEAN -> "Boolean.valueOf(" + ((c & 1) == 1) + ")";
            case INT_ARRAY -> "new int[" + c % 4 + "]";
            case LONG_ARRAY -> "new long[" + c % 4 + "]";
            case DOUBLE_ARRAY -> "new double[" + c % 4 + "]";
            case BYTE_ARRAY -> "new byte[" + c % 4 + "]";
            case STRING_ARRAY -> "new String[" + c % 4 + "]";
            case OBJECT -> (c & 1) == 0 ? "\"o" + c + "\"" : "this";
            case SELF -> "this";
        };
    }

    static String defaultSource(final FieldShape f) {
        return switch (f.type()) {
            case BOOLEAN -> "false";
            case LONG -> "0L";
            case FLOAT -> "0f";
            case DOUBLE -> "0.0";
            case BYTE, CHAR, SHORT, INT -> "0";
            default -> "null";
        };
    }

    /** Pushes the default value of {@code f}'s type: {@code iconst_0}, {@code lconst_0}, ... {@code aconst_null}. */
    static void pushDefault(final MethodVisitor mv, final FieldShape f) {
        mv.visitInsn(switch (f.type()) {
            case LONG -> Opcodes.LCONST_0;
            case FLOAT -> Opcodes.FCONST_0;
            case DOUBLE -> Opcodes.DCONST_0;
            case BOOLEAN, BYTE, CHAR, SHORT, INT -> Opcodes.ICONST_0;
            default -> Opcodes.ACONST_NULL;
        });
    }

    /** Pushes the constant for {@code f} on the operand stack (needs {@code this} in local 0). */
    static void push(final MethodVisitor mv, final FieldShape f) {
        int c = f.constant();
        switch (f.type()) {
            case BOOLEAN -> mv.visitInsn((c & 1) == 1 ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
            case BYTE -> mv.visitIntInsn(Opcodes.BIPUSH, (byte) c);
            case CHAR -> mv.visitIntInsn(Opcodes.BIPUSH, 'A' + c % 26);
            case SHORT -> mv.visitIntInsn(Opcodes.SIPUSH, (short) (c * 31));
            case INT -> mv.visitLdcInsn(c * 7919);
            case LONG -> mv.visitLdcInsn(c * 1_000_003L);
            case FLOAT -> mv.visitLdcInsn(c / 8f);
            case DOUBLE -> mv.visitLdcInsn(c / 16.0);
            case STRING -> mv.visitLdcInsn("k" + c);
            case BOXED_INTEGER -> {
                mv.visitLdcInsn(c);
                valueOf(mv, "java/lang/Integer", "I");
            }
            case BOXED_LONG -> {
                mv.visitLdcInsn((long) c);
                valueOf(mv, "java/lang/Long", "J");
            }
            case BOXED_DOUBLE -> {
                mv.visitLdcInsn(c / 4.0);
                valueOf(mv, "java/lang/Double", "D");
            }
            case BOXED_CHARACTER -> {
                mv.visitIntInsn(Opcodes.BIPUSH, 'a' + c % 26);
                valueOf(mv, "java/lang/Character", "C");
            }
            case BOXED_BOOLEAN -> {
                mv.visitInsn((c & 1) == 1 ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
                valueOf(mv, "java/lang/Boolean", "Z");
            }
            case INT_ARRAY -> newArray(mv, c, Opcodes.T_INT);
            case LONG_ARRAY -> newArray(mv, c, Opcodes.T_LONG);
            case DOUBLE_ARRAY -> newArray(mv, c, Opcodes.T_DOUBLE);
            case BYTE_ARRAY -> newArray(mv, c, Opcodes.T_BYTE);
            case STRING_ARRAY -> {
                mv.visitIntInsn(Opcodes.BIPUSH, c % 4);
                mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/String");
            }
            case OBJECT -> {
                if ((c & 1) == 0) {
                    mv.visitLdcInsn("o" + c);
                } else {
                    mv.visitVarInsn(Opcodes.ALOAD, 0);
                }
            }
            case SELF -> mv.visitVarInsn(Opcodes.ALOAD, 0);
        }
    }

    private static void valueOf(final MethodVisitor mv, final String owner, final String primitive) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, owner, "valueOf", "(" + primitive + ")L" + owner + ";", false);
    }

    private static void newArray(final MethodVisitor mv, final int c, final int type) {
        mv.visitIntInsn(Opcodes.BIPUSH, c % 4);
        mv.visitIntInsn(Opcodes.NEWARRAY, type);
    }
}
