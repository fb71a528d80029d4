package dev.serialboost.customlevels;

import java.io.Serializable;

/**
 * Records which code wrote and read it as a field of another object's default part: serialboost's generated code
 * for a converted level with methods of its own (the patched {@code defaultWriteObject}/{@code defaultReadObject}
 * calls {@code writeObject0}/{@code readObject0} itself), or the JDK's ({@code defaultWriteFields}, {@code
 * FieldValues}, between them).
 */
public class Witness implements Serializable {
    private static final long serialVersionUID = 1L;

    public static String written;
    public static String read;

    int mark = 5;

    private Object writeReplace() {
        written = path();
        return this;
    }

    private Object readResolve() {
        read = path();
        return this;
    }

    private static String path() {
        StackTraceElement[] stack = Thread.currentThread().getStackTrace();
        for (int i = 0; i + 1 < stack.length; i++) {
            String method = stack[i].getMethodName();
            if (stack[i].getClassName().startsWith("java.io.Object")
                    && (method.equals("writeObject0") || method.equals("readObject0"))) {
                String caller = stack[i + 1].getMethodName();
                return caller.equals("defaultWriteObject") || caller.equals("defaultReadObject") ? "generated" : "jdk";
            }
        }
        return "jdk";
    }
}
