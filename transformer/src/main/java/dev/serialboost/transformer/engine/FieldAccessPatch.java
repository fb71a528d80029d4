package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodInsnNode;

import java.util.List;
import java.util.Set;

/**
 * The engine layer's patch of the two places where the stream classes copy a serializable object's primitive
 * fields: {@code desc.getPrimFieldValues(obj, primVals)} in {@code ObjectOutputStream} (its
 * {@code defaultWriteFields}) and {@code desc.setPrimFieldValues(obj, primValues)} in
 * {@code ObjectInputStream$FieldValues} (its {@code defaultSetFieldValues}) become
 * {@code dev.serialboost.runtime.FieldAccess.getPrimFieldValues(desc, obj, primVals)} and
 * {@code FieldAccess.setPrimFieldValues(desc, obj, primValues)}. Those copy the fields with code generated for the
 * descriptor's {@code FieldReflector} ({@link PrimFieldsGenerator}) once it is warm, and make the very call they
 * replaced otherwise.
 *
 * <p>Both classes load when the first stream does, on every JDK, so the patch needs no retransformation of
 * {@code ObjectStreamClass} (which JDK 25 loads at start-up). Applied only where the {@code FieldReflector}'s own
 * {@code getPrimFieldValues}/{@code setPrimFieldValues} have a {@link #KNOWN_REFLECTOR known fingerprint} (the loops
 * the generated code repeats field by field), and where each class makes its call exactly once.
 */
public final class FieldAccessPatch {

    public static final String OBJECT_OUTPUT_STREAM = "java/io/ObjectOutputStream";
    public static final String FIELD_VALUES = "java/io/ObjectInputStream$FieldValues";
    public static final String FIELD_REFLECTOR = "java/io/ObjectStreamClass$FieldReflector";

    private static final String OSC = "java/io/ObjectStreamClass";
    private static final String FIELD_ACCESS = RuntimeLocation.installedName("dev/serialboost/runtime/engine/FieldAccess");
    private static final String COPY = "(Ljava/lang/Object;[B)V";
    private static final List<String> METHODS = List.of("getPrimFieldValues", "setPrimFieldValues");

    /**
     * Fingerprints ({@link #fingerprint}) of {@code FieldReflector.getPrimFieldValues} and {@code setPrimFieldValues}
     * together, in the JDKs whose loops {@link PrimFieldsGenerator} was checked against.
     */
    public static final Set<String> KNOWN_REFLECTOR = Set.of(
            "cb8be12f89f60ce0", // OpenJDK 17.0.15 and 17.0.21 (java.io.Bits)
            "a729e8899122d513"); // Temurin 21.0.8 and 25 (jdk.internal.util.ByteArray)

    private FieldAccessPatch() {
    }

    /** The fingerprint of a {@code FieldReflector} class file's two copy methods; null when one is missing. */
    public static String fingerprint(final byte[] fieldReflector) {
        return EnginePatches.fingerprintOf(fieldReflector, METHODS.get(0) + COPY, METHODS.get(1) + COPY);
    }

    /**
     * Patches {@code ObjectOutputStream} or {@code ObjectInputStream$FieldValues} (given after any other patch) as
     * the class javadoc says.
     *
     * @throws IllegalStateException when the class does not make its call exactly once (the caller leaves this part
     *                               out), or is neither class
     */
    public static byte[] patch(final String internalName, final byte[] classFile) {
        String method = internalName.equals(OBJECT_OUTPUT_STREAM) ? METHODS.get(0)
                : internalName.equals(FIELD_VALUES) ? METHODS.get(1) : null;
        if (method == null) {
            throw new IllegalStateException("no field-copy patch for " + internalName);
        }
        int[] swapped = new int[1];
        byte[] patched = EnginePatches.swapCalls(classFile, (in, call) -> {
            if (!call.owner.equals(OSC) || !call.name.equals(method) || !call.desc.equals(COPY)) {
                return null;
            }
            swapped[0]++;
            return new MethodInsnNode(Opcodes.INVOKESTATIC, FIELD_ACCESS, method,
                    "(L" + OSC + ";Ljava/lang/Object;[B)V", false);
        });
        if (swapped[0] != 1) {
            throw new IllegalStateException("this JDK's " + internalName.replace('/', '.') + " calls ObjectStreamClass."
                    + method + " " + swapped[0] + " times, not once");
        }
        return patched;
    }
}
