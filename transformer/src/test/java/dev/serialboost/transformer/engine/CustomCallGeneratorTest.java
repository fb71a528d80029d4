package dev.serialboost.transformer.engine;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.BiConsumer;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated direct call, defined as the runtime defines it (a hidden nestmate of the class): it calls the
 * class's private method with the object and the stream, and lets whatever the method throws through as it is.
 */
class CustomCallGeneratorTest {

    /** A class whose private {@code writeObject} records its call, then throws what it is told to. */
    static final class Target implements Serializable {
        private static final long serialVersionUID = 1L;
        transient Object seenStream;
        transient Throwable toThrow;

        private void writeObject(final ObjectOutputStream out) throws IOException {
            seenStream = out;
            if (toThrow != null) {
                CustomCallGeneratorTest.<RuntimeException>sneaky(toThrow);
            }
        }

        private void readObject(final ObjectInputStream in) {
            seenStream = in;
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneaky(final Throwable t) throws T {
        throw (T) t;
    }

    @SuppressWarnings("unchecked")
    private static BiConsumer<Object, Object> call(final String method, final Class<?> stream) throws Throwable {
        String target = Target.class.getName().replace('.', '/');
        byte[] classFile = CustomCallGenerator.generate(new Object[] {target + "$$SerialboostCall", target, method,
            stream.getName().replace('.', '/')});
        MethodHandles.Lookup made = MethodHandles.privateLookupIn(Target.class, MethodHandles.lookup())
                .defineHiddenClass(classFile, true, MethodHandles.Lookup.ClassOption.NESTMATE);
        assertTrue(made.lookupClass().isHidden());
        assertSame(Target.class.getNestHost(), made.lookupClass().getNestHost());
        return (BiConsumer<Object, Object>) made.findConstructor(made.lookupClass(),
                MethodType.methodType(void.class)).invoke();
    }

    @Test
    void itCallsTheClassesPrivateMethodWithTheObjectAndTheStream() throws Throwable {
        ObjectOutputStream out = new ObjectOutputStream(new ByteArrayOutputStream());
        Target target = new Target();
        call("writeObject", ObjectOutputStream.class).accept(target, out);
        assertSame(out, target.seenStream);
        ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(
                new byte[] {(byte) 0xAC, (byte) 0xED, 0, 5}));
        call("readObject", ObjectInputStream.class).accept(target, in);
        assertSame(in, target.seenStream);
    }

    @Test
    void whatTheMethodThrowsPassesThroughAsItIs() throws Throwable {
        BiConsumer<Object, Object> write = call("writeObject", ObjectOutputStream.class);
        ObjectOutputStream out = new ObjectOutputStream(new ByteArrayOutputStream());
        for (Throwable t : new Throwable[] {new IOException("io"), new IllegalStateException("unchecked"),
            new AssertionError("error"), new Exception("checked"), new ClassNotFoundException("cnfe")}) {
            Target target = new Target();
            target.toThrow = t;
            Throwable thrown = assertThrows(Throwable.class, () -> write.accept(target, out));
            assertSame(t, thrown);
        }
    }

    @Test
    void anObjectOfAnotherClassIsRefusedByTheCast() throws Throwable {
        BiConsumer<Object, Object> write = call("writeObject", ObjectOutputStream.class);
        ObjectOutputStream out = new ObjectOutputStream(new ByteArrayOutputStream());
        assertThrows(ClassCastException.class, () -> write.accept("not a target", out));
        assertThrows(ClassCastException.class, () -> write.accept(new Target(), "not a stream"));
    }
}
