package dev.serialboost.testing;

import java.io.ObjectOutput;
import java.lang.reflect.Method;

/** Whether a class is converted: it stays what it was to the program, so only its synthetic bodies tell. */
public final class Converted {

    private Converted() {
    }

    /** The class declares the synthetic {@code $sb$write(ObjectOutput)} the transformer adds to converted classes. */
    public static boolean hasBodies(final Class<?> c) {
        try {
            Method write = c.getDeclaredMethod("$sb$write", ObjectOutput.class);
            return write.isSynthetic();
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
