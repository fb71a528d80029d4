package dev.serialboost.transformer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.testing.ChildFirstLoader;
import dev.serialboost.testing.RoundTrip;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.InvalidClassException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * A converted-format stream written for another shape of a class (same serialVersionUID, other fields) is refused
 * with an {@code InvalidClassException} that names the class and lists the reader's fields, wherever the object
 * sits in the graph: at the top, in a converted object's field, in a JDK collection, an array element, or a field
 * of a class serialboost leaves plain.
 *
 * <p>The array and plain-field places are where the JDK reads an object outside block-data mode. When
 * {@code readExternal} throws there with data of its block left unread, {@code ObjectInputStream.readObject0}'s
 * {@code finally} switches block-data mode off and throws {@code IllegalStateException("unread block data")},
 * which replaces the {@code InvalidClassException} (found by {@code FuzzTest.flippedLayoutHashIsRefusedNamingTheClass}).
 */
class SafetyShapeMismatchTest {

    private static final String VERSIONED = "dev.serialboost.safety.gen.Versioned";
    private static final String HOLDER = SafetySupport.FIXTURES + "Holder";

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"top-level", "converted-field", "ArrayList", "converted-field-array", "Object[]",
        "AtomicReference"})
    void streamForAnotherShapeIsRefusedNamingTheClassWhereverTheObjectIs(final String place) throws Exception {
        ChildFirstLoader writer = loader("b");
        ChildFirstLoader reader = loader("c");
        Object versioned = writer.loadClass(VERSIONED).getConstructor(int.class).newInstance(7);
        assertTrue(writer.decision(VERSIONED).isConverted(), writer.decision(VERSIONED).toString());
        Function<Object, Object> holder = payload -> {
            try {
                return writer.loadClass(HOLDER).getConstructor(int.class, Object.class).newInstance(1, payload);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        };
        Object root = switch (place) {
            case "top-level" -> versioned;
            case "converted-field" -> holder.apply(versioned);
            case "ArrayList" -> new ArrayList<>(List.of("first", versioned));
            case "converted-field-array" -> holder.apply(new Object[] {versioned});
            case "Object[]" -> new Object[] {"first", versioned};
            case "AtomicReference" -> new AtomicReference<>(versioned);
            default -> throw new IllegalArgumentException(place);
        };
        byte[] stream = RoundTrip.write(root);
        RoundTrip.read(stream, loader("b")); // the same shape reads

        Throwable thrown = assertThrows(Throwable.class, () -> RoundTrip.read(stream, reader));
        if (!(thrown instanceof InvalidClassException e)) {
            throw new AssertionError(place + ": expected InvalidClassException naming " + VERSIONED + ", got " + thrown,
                    thrown);
        }
        assertEquals(VERSIONED, e.classname, place);
        assertTrue(e.getMessage().contains("int a, int c"), place + ": the reader's fields are listed: " + e.getMessage());
    }

    /** Loads {@code Versioned} with fields {@code a} and {@code second}, and the safety fixtures, converted. */
    private static ChildFirstLoader loader(final String second) {
        ClassLoader parent = SafetyShapeMismatchTest.class.getClassLoader();
        byte[] versioned = SafetySupport.versionedClass(VERSIONED, second);
        ClassFileSource resources = ClassFileSource.of(parent);
        return ChildFirstLoader.of(parent, n -> n.equals(VERSIONED) || n.startsWith(SafetySupport.SAFETY),
                n -> n.equals(VERSIONED) ? versioned : resources.read(n.replace('.', '/')),
                new SerialboostTransformer(TransformOptions.DEFAULTS));
    }

}
