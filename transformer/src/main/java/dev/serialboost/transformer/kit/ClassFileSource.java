package dev.serialboost.transformer.kit;

import java.io.IOException;
import java.io.InputStream;

/**
 * Where the transformer reads the class files of superclasses and interfaces it needs to know about.
 * Reading bytes instead of loading classes keeps the analysis free of class-loading side effects
 * ({@code ClassCircularityError}, static initializers, wrong-loader loads).
 */
@FunctionalInterface
public interface ClassFileSource {

    /**
     * Returns the class file of a class, or {@code null} when it cannot be found.
     *
     * @param internalName the class name in internal form, e.g. {@code java/util/ArrayList}
     */
    byte[] read(String internalName);

    /**
     * A source that reads {@code .class} resources through a class loader, falling back to the
     * platform's own class files for a {@code null} (bootstrap) loader.
     */
    static ClassFileSource of(ClassLoader loader) {
        return resources(loader);
    }

    /**
     * The running JDK's own class files: those of {@code java.base} from its module (its image read directly, no
     * {@code URL} made per class file), any other as {@link #of} the platform loader finds it, which for a class of
     * {@code java.base} is the same class file.
     */
    static ClassFileSource jdk() {
        Module base = Object.class.getModule();
        ClassFileSource platform = resources(ClassLoader.getPlatformClassLoader());
        return internalName -> {
            try (InputStream in = base.getResourceAsStream(internalName + ".class")) {
                if (in != null) {
                    return in.readAllBytes();
                }
            } catch (IOException e) {
                // read as a resource below
            }
            return platform.read(internalName);
        };
    }

    private static ClassFileSource resources(final ClassLoader loader) {
        return internalName -> {
            String resource = internalName + ".class";
            try (InputStream in = loader == null
                    ? ClassLoader.getSystemResourceAsStream(resource)
                    : loader.getResourceAsStream(resource)) {
                return in == null ? null : in.readAllBytes();
            } catch (IOException e) {
                return null;
            }
        };
    }
}
