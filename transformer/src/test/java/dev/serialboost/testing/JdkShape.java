package dev.serialboost.testing;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.SimpleRemapper;

import java.util.Map;

/**
 * Class files of a JDK of another shape, made from a real JDK's own: members renamed as a later JDK might rename
 * them. The patch sets' shape checks must recognise such a JDK and name what they miss; end-to-end tests run a JVM
 * on it ({@code --patch-module java.base=...}) to see the agent leave that part off.
 */
public final class JdkShape {

    private JdkShape() {
    }

    /**
     * {@code classFile} with members renamed, declarations and every reference in it: keys {@code owner.name} for
     * fields, {@code owner.name(descriptor)} for methods (internal names), values the new names.
     */
    public static byte[] rename(final byte[] classFile, final Map<String, String> mapping) {
        ClassWriter writer = new ClassWriter(0);
        new ClassReader(classFile).accept(new ClassRemapper(writer, new SimpleRemapper(mapping)), 0);
        return writer.toByteArray();
    }
}
