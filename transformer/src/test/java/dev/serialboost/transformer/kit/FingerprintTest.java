package dev.serialboost.transformer.kit;

import dev.serialboost.testing.JdkShape;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * {@link Fingerprint}: of the instructions, not of frames; one method's, several together, null where a method is
 * missing; changed by a changed reference.
 */
class FingerprintTest {

    private static final byte[] OSC = ClassFileSource.of(null).read("java/io/ObjectStreamClass");
    private static final String READ = "readNonProxy(Ljava/io/ObjectInputStream;)V";
    private static final String INIT = "initNonProxy(Ljava/io/ObjectStreamClass;Ljava/lang/Class;"
            + "Ljava/lang/ClassNotFoundException;Ljava/io/ObjectStreamClass;)V";

    @Test
    void aMethodsFingerprintIsOfItsInstructions() {
        ClassNode withoutDebug = new ClassNode();
        new ClassReader(OSC).accept(withoutDebug, ClassReader.SKIP_DEBUG);
        MethodNode read = withoutDebug.methods.stream().filter(m -> (m.name + m.desc).equals(READ)).findFirst()
                .orElseThrow();
        assertEquals(Fingerprint.ofMethod(OSC, READ), Fingerprint.of(read), "with and without frames");
        assertEquals(Fingerprint.combine(Fingerprint.ofMethod(OSC, READ), Fingerprint.ofMethod(OSC, INIT)),
                Fingerprint.ofMethods(OSC, READ, INIT));
        assertNotEquals(Fingerprint.ofMethods(OSC, READ, INIT), Fingerprint.ofMethods(OSC, INIT, READ), "in order");
    }

    @Test
    void aMissingMethodHasNoFingerprint() {
        byte[] renamed = JdkShape.rename(OSC, Map.of("java/io/ObjectStreamClass." + READ, "readDescriptor"));
        assertNull(Fingerprint.ofMethod(renamed, READ));
        assertNull(Fingerprint.ofMethods(renamed, INIT, READ));
        assertNull(Fingerprint.combine("0123456789abcdef", null));
        assertNull(Fingerprint.ofStaticMethods(OSC, READ), "an instance method is not a static one");
    }

    @Test
    void aChangedReferenceChangesTheFingerprint() {
        byte[] renamed = JdkShape.rename(OSC,
                Map.of("java/io/ObjectInputStream.readTypeString()Ljava/lang/String;", "readSignature"));
        assertNotEquals(Fingerprint.ofMethod(OSC, READ), Fingerprint.ofMethod(renamed, READ));
        assertEquals(Fingerprint.ofMethod(OSC, INIT), Fingerprint.ofMethod(renamed, INIT));
    }
}
