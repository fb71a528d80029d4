package dev.serialboost.testing;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.converted.ClassHierarchy;
import dev.serialboost.transformer.converted.Decision;
import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.Transformation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A throwaway child-first class loader for differential tests: classes whose names match {@code owns}
 * are defined here from bytes (by default the parent's own {@code .class} resources), and, when a
 * transformer is given, rewritten by it first. Everything else is delegated to the parent.
 */
public final class ChildFirstLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final Predicate<String> owns;
    private final Function<String, byte[]> bytes;
    private final ClassConverter transformer;
    private final ClassHierarchy hierarchy;
    private final Map<String, Decision> decisions = new ConcurrentHashMap<>();

    private ChildFirstLoader(final ClassLoader parent, final Predicate<String> owns,
                             final Function<String, byte[]> bytes, final ClassConverter transformer) {
        super("serialboost-test", parent);
        this.owns = owns;
        this.bytes = bytes;
        this.transformer = transformer;
        this.hierarchy = transformer == null ? null : transformer.newHierarchy(this::classFile);
    }

    /** Loads the parent's classes matching {@code owns} again, unchanged. */
    public static ChildFirstLoader plain(final ClassLoader parent, final Predicate<String> owns) {
        return new ChildFirstLoader(parent, owns, resourcesOf(parent), null);
    }

    /** Loads the parent's classes matching {@code owns} again, each passed through {@code transformer}. */
    public static ChildFirstLoader transformed(final ClassLoader parent, final Predicate<String> owns,
                                               final ClassConverter transformer) {
        return new ChildFirstLoader(parent, owns, resourcesOf(parent), transformer);
    }

    /**
     * Loads classes matching {@code owns} from {@code bytes} (binary name to class file, {@code null} when
     * unknown), optionally transformed. For classes built in memory, e.g. with ASM.
     */
    public static ChildFirstLoader of(final ClassLoader parent, final Predicate<String> owns,
                                      final Function<String, byte[]> bytes, final ClassConverter transformer) {
        return new ChildFirstLoader(parent, owns, bytes, transformer);
    }

    private static Function<String, byte[]> resourcesOf(final ClassLoader parent) {
        ClassFileSource source = ClassFileSource.of(parent);
        return name -> source.read(name.replace('.', '/'));
    }

    /** The decisions the transformer made for classes defined here, by binary name. */
    public Map<String, Decision> decisions() {
        return decisions;
    }

    /** The decision for one class defined here; fails when the class was not loaded through a transformer. */
    public Decision decision(final String className) {
        Decision decision = decisions.get(className);
        if (decision == null) {
            throw new IllegalStateException("no decision recorded for " + className + " (loaded? transformed?)");
        }
        return decision;
    }

    private byte[] classFile(final String internalName) {
        String name = internalName.replace('/', '.');
        if (owns.test(name)) {
            return bytes.apply(name);
        }
        return ClassFileSource.of(getParent()).read(internalName);
    }

    @Override
    protected Class<?> loadClass(final String name, final boolean resolve) throws ClassNotFoundException {
        if (!owns.test(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = findClass(name);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    protected Class<?> findClass(final String name) throws ClassNotFoundException {
        byte[] original = bytes.apply(name);
        if (original == null) {
            throw new ClassNotFoundException(name);
        }
        byte[] defined = original;
        if (transformer != null) {
            Transformation t = transformer.transform(original, hierarchy);
            decisions.put(name, t.decision());
            defined = t.bytes().orElse(original);
        }
        return defineClass(name, defined, 0, defined.length);
    }
}
