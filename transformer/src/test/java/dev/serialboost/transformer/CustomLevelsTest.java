package dev.serialboost.transformer;

import dev.serialboost.testing.ChildFirstLoader;
import dev.serialboost.testing.GraphAssert;
import dev.serialboost.testing.RoundTrip;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.reflect.Field;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The default part of a converted level with methods of its own (its {@code writeObject} calls {@code
 * defaultWriteObject}, its {@code readObject} {@code defaultReadObject}, or it has only one of them) is written and
 * read by the level's generated code, not the JDK's field reflection; the same graph comes back as with plain JDK.
 * A {@code Witness} in the default part sees from its {@code writeReplace} and {@code readResolve} whose code is on
 * the stack.
 */
class CustomLevelsTest {

    private static final String PKG = "dev.serialboost.customlevels.";
    private static final ClassLoader PARENT = CustomLevelsTest.class.getClassLoader();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Account", "Audit"})
    void theDefaultPartIsWrittenAndReadByTheGeneratedCode(final String simpleName) throws Exception {
        Object plainBack = null;
        for (boolean converted : new boolean[] {false, true}) {
            ClassLoader loader = ChildFirstLoader.of(PARENT, n -> n.startsWith(PKG),
                    n -> ClassFileSource.of(PARENT).read(n.replace('.', '/')),
                    converted ? new SerialboostTransformer(TransformOptions.DEFAULTS) : null);
            Class<?> type = loader.loadClass(PKG + simpleName);
            Object original = simpleName.equals("Account")
                    ? type.getConstructor(long.class, double.class, String.class).newInstance(7L, 2.5, "owner")
                    : type.getConstructor(int.class).newInstance(3);
            Object back = RoundTrip.read(RoundTrip.write(original), loader);
            if (converted) {
                GraphAssert.assertSameGraph(plainBack, back); // the transient fields readObject sets included
            } else {
                plainBack = back;
            }
            Class<?> witness = loader.loadClass(PKG + "Witness");
            String expected = converted ? "generated" : "jdk";
            assertEquals(expected, field(witness, "written"), simpleName + " written, converted: " + converted);
            assertEquals(expected, field(witness, "read"), simpleName + " read, converted: " + converted);
        }
    }

    private static Object field(final Class<?> type, final String name) throws Exception {
        Field f = type.getDeclaredField(name);
        return f.get(null);
    }
}
