package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.TransformOptions;
import dev.serialboost.testing.ChildFirstLoader;
import dev.serialboost.testing.RoundTrip;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What the filter, fuzz and concurrency tests share: the round-tripping corpus cases, fresh plain and
 * transformed loaders for the corpus and for {@code dev.serialboost.safety}, and reading with a per-stream
 * {@link ObjectInputFilter}.
 */
final class SafetySupport {

    static final String SAFETY = "dev.serialboost.safety.";
    static final String FIXTURES = SAFETY + "SafetyFixtures$";
    /** The corpus and the safety fixtures: everything the tests define child-first. */
    static final Predicate<String> OWNED = name -> CorpusRoundTripTest.IN_CORPUS.test(name) || name.startsWith(SAFETY);

    private SafetySupport() {
    }

    /** The corpus cases whose graph round-trips in both loaders, as compiled (no class-file downgrades). */
    static List<CorpusRoundTripTest.CorpusCase> roundTripCases() {
        return CorpusRoundTripTest.cases().stream()
                .filter(c -> c.mode == CorpusRoundTripTest.CorpusCase.Mode.ROUND_TRIP && c.downgrades.isEmpty())
                .toList();
    }

    static ChildFirstLoader plainLoader() {
        return ChildFirstLoader.plain(SafetySupport.class.getClassLoader(), OWNED);
    }

    static ChildFirstLoader transformedLoader() {
        return ChildFirstLoader.transformed(SafetySupport.class.getClassLoader(), OWNED,
                new ClassConverter(TransformOptions.DEFAULTS));
    }

    /** A fresh loader of the given kind. */
    static ChildFirstLoader loader(final boolean transformed) {
        return transformed ? transformedLoader() : plainLoader();
    }

    /** The root of a corpus case's graph, built in {@code loader}. */
    static Object corpusRoot(final ClassLoader loader, final String fixture) {
        try {
            Class<?> type = Class.forName(fixture, true, loader);
            if (type.getClassLoader() != loader) {
                throw new IllegalStateException(fixture + " was not defined by the test loader");
            }
            return ((Supplier<?>) type.getConstructor().newInstance()).get();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build the graph of " + fixture, e);
        }
    }

    /** Calls a public static method of a safety fixture class in {@code loader} and returns its result. */
    static Object call(final ClassLoader loader, final String simpleName, final String method, final Object... args) {
        try {
            Class<?> type = Class.forName(FIXTURES + simpleName, true, loader);
            for (var m : type.getMethods()) {
                if (m.getName().equals(method) && m.getParameterCount() == args.length
                        && java.lang.reflect.Modifier.isStatic(m.getModifiers())) {
                    return m.invoke(null, args);
                }
            }
            throw new NoSuchMethodException(type.getName() + "." + method);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A new instance of a safety fixture class in {@code loader}, through its only public constructor. */
    static Object make(final ClassLoader loader, final String simpleName, final Object... args) {
        try {
            Class<?> type = Class.forName(FIXTURES + simpleName, true, loader);
            return type.getConstructors()[0].newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a " + simpleName, e);
        }
    }

    /** A static int of {@code SafetyFixtures$Counters} in {@code loader} (loading Counters initializes nothing else). */
    static int counter(final ClassLoader loader, final String name) {
        try {
            return Class.forName(FIXTURES + "Counters", true, loader).getField(name).getInt(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads one object from {@code stream}, resolving classes in {@code loader}, with {@code filter} on the stream. */
    static Object read(final byte[] stream, final ClassLoader loader, final ObjectInputFilter filter)
            throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = RoundTrip.input(new ByteArrayInputStream(stream), loader)) {
            if (filter != null) {
                in.setObjectInputFilter(filter);
            }
            return in.readObject();
        }
    }

    /** {@code ExceptionClass: message}, for comparing two failures. */
    static String describe(final Throwable t) {
        return t.getClass().getName() + ": " + t.getMessage();
    }

    /** {@code public class <name> implements Serializable { int a; int <second>; <name>(int a) }}, UID 42. */
    static byte[] versionedClass(final String name, final String second) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        String internal = name.replace('.', '/');
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, internal, null, "java/lang/Object",
                new String[] {"java/io/Serializable"});
        cw.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL, "serialVersionUID", "J", null, 42L)
                .visitEnd();
        cw.visitField(Opcodes.ACC_PUBLIC, "a", "I", null, null).visitEnd();
        cw.visitField(Opcodes.ACC_PUBLIC, second, "I", null, null).visitEnd();
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "(I)V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitFieldInsn(Opcodes.PUTFIELD, internal, "a", "I");
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
