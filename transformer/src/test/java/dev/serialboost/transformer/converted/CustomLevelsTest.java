package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.TransformOptions;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.RuntimeLocation;
import dev.serialboost.testing.ChildFirstLoader;
import dev.serialboost.testing.GraphAssert;
import dev.serialboost.testing.RoundTrip;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

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
                    converted ? new ClassConverter(TransformOptions.DEFAULTS) : null);
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

    /**
     * The engine layer writes a converted descriptor from a template of its bytes; for a level with methods of its
     * own the template has the flags the JDK's writeNonProxy writes for it (0x0D), else it would not match the JDK's
     * bytes, and the descriptor would be written the slow way.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Account", "Audit", "Witness"})
    void theEngineHasADescriptorTemplateForTheConvertedView(final String simpleName) throws Throwable {
        ClassLoader loader = ChildFirstLoader.of(PARENT, n -> n.startsWith(PKG),
                n -> ClassFileSource.of(PARENT).read(n.replace('.', '/')),
                new ClassConverter(TransformOptions.DEFAULTS));
        Class<?> type = loader.loadClass(PKG + simpleName);
        // the runtime as installed (FormatTestAgent), whose hooks only the patched java.io code calls: reached here by
        // reflection, java.io opened to the tests (see the pom)
        Class<?> format = Class.forName(RuntimeLocation.installedName(RuntimeLocation.SOURCE + "converted/ConvertedFormat")
                .replace('/', '.'), false, null);
        Method lookupForWrite = format.getDeclaredMethod("lookupForWrite", Class.class, boolean.class,
                ObjectOutputStream.class);
        lookupForWrite.setAccessible(true);
        ObjectStreamClass view = (ObjectStreamClass) lookupForWrite.invoke(null, type, true,
                new ObjectOutputStream(new ByteArrayOutputStream()));
        assertEquals(simpleName.equals("Witness") ? 0x05 : 0x0D, flags(view), "the view's flags as written");
        // what the engine asks the converted format through the seam between the layers
        Class<?> seam = Class.forName(RuntimeLocation.installedName(RuntimeLocation.SOURCE + "engine/FormatSeam")
                .replace('/', '.'), false, null);
        Method template = seam.getDeclaredMethod("convertedTemplate", Class.class, ObjectStreamClass.class);
        template.setAccessible(true);
        assertNotNull(template.invoke(null, type, view), simpleName);
    }

    /** The flags byte the JDK writes for a class descriptor (of a {@code Class} object written alone). */
    private static int flags(final ObjectStreamClass desc) throws Exception {
        byte[] stream = RoundTrip.write(desc.forClass());
        byte[] name = desc.getName().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return stream[dev.serialboost.testing.Bytes.indexOf(stream, name, 0) + name.length + 8];
    }

    private static Object field(final Class<?> type, final String name) throws Exception {
        Field f = type.getDeclaredField(name);
        return f.get(null);
    }
}
