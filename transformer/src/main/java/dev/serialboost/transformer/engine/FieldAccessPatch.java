package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;
import dev.serialboost.transformer.kit.MethodRewriter;
import dev.serialboost.transformer.kit.RuntimeLocation;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodInsnNode;

import java.util.List;
import java.util.Map;

/**
 * The engine's patch of the two places where the stream classes copy a serializable object's primitive fields:
 * {@code desc.getPrimFieldValues(obj, primVals)} in {@code ObjectOutputStream.defaultWriteFields} ({@link #writing()},
 * a part of that class's patches) and {@code desc.setPrimFieldValues(obj, primValues)} in {@code
 * ObjectInputStream$FieldValues.defaultSetFieldValues} ({@link #reading()}, that class's own) become {@code
 * dev.serialboost.runtime.engine.FieldAccess.getPrimFieldValues(desc, obj, primVals)} and {@code
 * FieldAccess.setPrimFieldValues(desc, obj, primValues)}. Those copy the fields with code generated for the
 * descriptor's {@code FieldReflector} ({@link PrimFieldsGenerator}) once it is warm, and make the very call they
 * replaced otherwise.
 *
 * <p>Both classes load when the first stream does, on every JDK, so the patch needs no retransformation of
 * {@code ObjectStreamClass} (which JDK 25 loads at start-up). Applied only where the {@code FieldReflector}'s own
 * {@code getPrimFieldValues}/{@code setPrimFieldValues} have a known fingerprint (the loops the generated code
 * repeats field by field), and where each class makes its call exactly once.
 */
public final class FieldAccessPatch extends JdkPatch {

    public static final String OBJECT_OUTPUT_STREAM = "java/io/ObjectOutputStream";
    public static final String FIELD_VALUES = "java/io/ObjectInputStream$FieldValues";
    public static final String FIELD_REFLECTOR = "java/io/ObjectStreamClass$FieldReflector";

    private static final String COPY = "(Ljava/lang/Object;[B)V";

    private static final String OSC = "java/io/ObjectStreamClass";
    private static final String FIELD_ACCESS =
            RuntimeLocation.installedName("dev/serialboost/runtime/engine/FieldAccess");

    /** The copy method a class calls on the descriptor: {@code getPrimFieldValues} or {@code setPrimFieldValues}. */
    private final String copy;

    private FieldAccessPatch(final String target, final String method, final String copy) {
        super("field copies", target, List.of(method), CALLS_RUNTIME, KnownFingerprints.patched(Map.of(
                "17.0.15", "cb8be12f89f60ce0", // the loops through java.io.Bits
                "21.0.8", "a729e8899122d513", // through jdk.internal.util.ByteArray
                "25.0.3", "a729e8899122d513")));
        this.copy = copy;
    }

    /** The patch of the writing side: {@code ObjectOutputStream.defaultWriteFields}. */
    public static FieldAccessPatch writing() {
        return new FieldAccessPatch(OBJECT_OUTPUT_STREAM,
                "defaultWriteFields(Ljava/lang/Object;Ljava/io/ObjectStreamClass;)V", "getPrimFieldValues");
    }

    /** The patch of the reading side: {@code ObjectInputStream$FieldValues.defaultSetFieldValues}. */
    public static FieldAccessPatch reading() {
        return new FieldAccessPatch(FIELD_VALUES, "defaultSetFieldValues(Ljava/lang/Object;)V", "setPrimFieldValues");
    }

    /** The fingerprint of the JDK's {@code FieldReflector.getPrimFieldValues} and {@code setPrimFieldValues}. */
    @Override
    public String fingerprint(final byte[] targetClass, final ClassFileSource jdk) {
        byte[] reflector = jdk.read(FIELD_REFLECTOR);
        return reflector == null ? null : Fingerprint.ofMethods(reflector, "getPrimFieldValues" + COPY,
                "setPrimFieldValues" + COPY);
    }

    @Override
    protected String unknown(final String print) {
        return "this JDK's " + FIELD_REFLECTOR.replace('/', '.') + " is not one serialboost knows";
    }

    /** Patches the class (given after its earlier patches) as the class javadoc says. */
    @Override
    public byte[] change(final byte[] targetClass) {
        return patched(target(), copy, targetClass);
    }

    private static byte[] patched(final String target, final String copy, final byte[] classFile) {
        int[] swapped = new int[1];
        byte[] patched = MethodRewriter.swapCalls(classFile, (in, call) -> {
            if (!call.owner.equals(OSC) || !call.name.equals(copy) || !call.desc.equals(COPY)) {
                return null;
            }
            swapped[0]++;
            return new MethodInsnNode(Opcodes.INVOKESTATIC, FIELD_ACCESS, copy,
                    "(L" + OSC + ";Ljava/lang/Object;[B)V", false);
        });
        if (swapped[0] != 1) {
            throw new IllegalStateException("this JDK's " + target.replace('/', '.') + " calls ObjectStreamClass."
                    + copy + " " + swapped[0] + " times, not once");
        }
        return patched;
    }
}
