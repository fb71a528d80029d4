package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.kit.ClassFileSource;
import org.objectweb.asm.ClassReader;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * The transformer's entry point: class bytes in, a {@link Transformation} (decision and, when converted,
 * new bytes) out. Pure: no {@code Instrumentation}, no global state beyond caches of JDK class files.
 * Thread-safe.
 *
 * <pre>{@code
 * ClassConverter transformer = new ClassConverter(TransformOptions.DEFAULTS);
 * ClassHierarchy hierarchy = transformer.newHierarchy(ClassFileSource.of(loader)); // one per loader
 * Transformation t = transformer.transform(classFileBytes, hierarchy);
 * byte[] toDefine = t.bytes().orElse(classFileBytes);
 * }</pre>
 */
public final class ClassConverter {

    private final TransformOptions options;
    private final EligibilityCheck eligibility;

    public ClassConverter(final TransformOptions options) {
        this.options = Objects.requireNonNull(options, "options");
        this.eligibility = new EligibilityCheck(options);
    }

    public TransformOptions options() {
        return options;
    }

    /** A hierarchy view for one class loader; reuse it for every class that loader defines. */
    public ClassHierarchy newHierarchy(final ClassFileSource source) {
        return new ClassHierarchy(source, name -> false);
    }

    /**
     * A hierarchy view for one class loader in a JVM where some classes were loaded before the agent
     * started: those stay unconverted, so their subclasses must not call generated superclass code.
     *
     * @param loadedBeforeAgent tests internal names of classes that are already loaded
     */
    public ClassHierarchy newHierarchy(final ClassFileSource source, final Predicate<String> loadedBeforeAgent) {
        return new ClassHierarchy(source, loadedBeforeAgent);
    }

    /**
     * Decides and, when the class is eligible, rewrites it. Never throws for bad input: unreadable bytes
     * and internal failures come back as a skip decision ({@link SkipReason#UNSUPPORTED_CLASS_FILE},
     * {@link SkipReason#INTERNAL_ERROR}) and the class is left as it was.
     */
    public Transformation transform(final byte[] classFile, final ClassHierarchy hierarchy) {
        ClassReader reader;
        ClassHeader header;
        try {
            reader = new ClassReader(classFile);
            header = ClassHeader.read(reader);
        } catch (RuntimeException e) {
            return new Transformation(Decision.skipped(nameOf(classFile), SkipReason.UNSUPPORTED_CLASS_FILE,
                    String.valueOf(e.getMessage())), null);
        }
        // most classes of an application cannot be serializable: their header, and those of their supertypes (kept
        // per loader), say so without parsing the rest of any class file
        hierarchy.remember(header);
        Decision rejected;
        try {
            rejected = eligibility.rejectFromHeader(header, hierarchy);
        } catch (RuntimeException | LinkageError e) {
            return new Transformation(Decision.skipped(header.className(), SkipReason.INTERNAL_ERROR, e.toString()),
                    null);
        }
        if (rejected != null) {
            return new Transformation(rejected, null);
        }
        ClassInfo info;
        try {
            info = ClassInfo.parse(reader, header);
        } catch (RuntimeException e) {
            return new Transformation(Decision.skipped(header.className(), SkipReason.UNSUPPORTED_CLASS_FILE,
                    String.valueOf(e.getMessage())), null);
        }
        hierarchy.remember(info);
        Decision decision;
        try {
            decision = eligibility.decide(info, hierarchy);
            if (!decision.isConverted()) {
                return new Transformation(decision, null);
            }
            requireConvertedSuperclasses(decision, hierarchy);
            return new Transformation(decision, ConvertedBodies.generate(reader, classFile, info, decision));
        } catch (RuntimeException | LinkageError e) {
            Decision failed = Decision.skipped(info.className(), SkipReason.INTERNAL_ERROR, e.toString());
            hierarchy.decisions.put(info.name, failed);
            return new Transformation(failed, null);
        }
    }

    /**
     * The decision for a class the hierarchy can read, without transforming it: what {@link #transform}
     * would decide for that class's own bytes.
     *
     * @param className binary name with dots
     */
    public Decision decide(final String className, final ClassHierarchy hierarchy) {
        String internalName = className.replace('.', '/');
        Decision known = hierarchy.decisions.get(internalName);
        if (known != null) {
            return known;
        }
        ClassInfo info = hierarchy.info(internalName);
        if (info == null) {
            return Decision.skipped(className, SkipReason.UNRESOLVABLE_TYPE, "class file not found");
        }
        return eligibility.decide(info, hierarchy);
    }

    /** Fails unless each converted serializable superclass of a converted class was decided so (decisions are cached). */
    private static void requireConvertedSuperclasses(final Decision decision, final ClassHierarchy hierarchy) {
        for (String s = decision.convertedSuperclass(); s != null; ) {
            Decision above = hierarchy.decisions.get(s.replace('.', '/'));
            if (above == null || !above.isConverted()) {
                throw new IllegalStateException("no converted decision for superclass " + s + " of " + decision.className());
            }
            s = above.convertedSuperclass();
        }
    }

    private static String nameOf(final byte[] classFile) {
        try {
            return new ClassReader(classFile).getClassName().replace('/', '.');
        } catch (RuntimeException e) {
            return "<unreadable class file>";
        }
    }
}
