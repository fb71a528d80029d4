package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.TransformOptions;
import dev.serialboost.transformer.kit.ClassFileSource;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.testing.ChildFirstLoader;
import dev.serialboost.testing.GraphAssert;
import dev.serialboost.testing.RoundTrip;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * A converted-format stream written for another shape of a class (same serialVersionUID, other fields) reads as plain
 * JDK reads the plain stream of the same graph, wherever the object sits in the graph: at the top, in a converted
 * object's field, in a JDK collection, an array element, or a field of a class serialboost leaves plain. The array
 * and plain-field places are where the JDK reads an object outside block-data mode, so a reader that left data of
 * the object's block unread would fail there ({@code IllegalStateException("unread block data")}).
 */
class SafetyEvolvedShapeTest {

    private static final String VERSIONED = "dev.serialboost.safety.gen.Versioned";
    private static final String HOLDER = SafetySupport.FIXTURES + "Holder";

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"top-level", "converted-field", "ArrayList", "converted-field-array", "Object[]",
        "AtomicReference"})
    void streamForAnotherShapeReadsAsPlainJdkWhereverTheObjectIs(final String place) throws Exception {
        ClassConverter convert = new ClassConverter(TransformOptions.DEFAULTS);
        ChildFirstLoader writer = loader("b", convert);
        byte[] stream = RoundTrip.write(root(place, writer));
        assertTrue(writer.decision(VERSIONED).isConverted(), writer.decision(VERSIONED).toString());
        RoundTrip.read(stream, loader("b", convert)); // the same shape reads

        ChildFirstLoader reader = loader("c", convert);
        Object read = RoundTrip.read(stream, reader);
        assertTrue(reader.decision(VERSIONED).isConverted(), reader.decision(VERSIONED).toString());
        Object plain = RoundTrip.read(RoundTrip.write(root(place, loader("b", null))), loader("c", null));
        // GraphAssert compares JDK classes other than collections with equals, which AtomicReference does not define
        GraphAssert.assertSameGraph(plain instanceof AtomicReference<?> r ? r.get() : plain,
                read instanceof AtomicReference<?> r ? r.get() : read);
    }

    private static Object root(final String place, final ClassLoader writer) throws Exception {
        Object versioned = writer.loadClass(VERSIONED).getConstructor(int.class).newInstance(7);
        Function<Object, Object> holder = payload -> {
            try {
                return writer.loadClass(HOLDER).getConstructor(int.class, Object.class).newInstance(1, payload);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        };
        return switch (place) {
            case "top-level" -> versioned;
            case "converted-field" -> holder.apply(versioned);
            case "ArrayList" -> new ArrayList<>(List.of("first", versioned));
            case "converted-field-array" -> holder.apply(new Object[] {versioned});
            case "Object[]" -> new Object[] {"first", versioned};
            case "AtomicReference" -> new AtomicReference<>(versioned);
            default -> throw new IllegalArgumentException(place);
        };
    }

    /** Loads {@code Versioned} with fields {@code a} and {@code second}, and the safety fixtures, converted. */
    private static ChildFirstLoader loader(final String second, final ClassConverter transformer) {
        ClassLoader parent = SafetyEvolvedShapeTest.class.getClassLoader();
        byte[] versioned = SafetySupport.versionedClass(VERSIONED, second);
        ClassFileSource resources = ClassFileSource.of(parent);
        return ChildFirstLoader.of(parent, n -> n.equals(VERSIONED) || n.startsWith(SafetySupport.SAFETY),
                n -> n.equals(VERSIONED) ? versioned : resources.read(n.replace('.', '/')),
                transformer);
    }

}
