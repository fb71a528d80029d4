package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;
import dev.serialboost.transformer.kit.RuntimeLocation;

import java.util.List;
import java.util.Map;

/**
 * The engine's patch of the two places where the stream classes call a class's own {@code writeObject} or {@code
 * readObject}: {@code slotDesc.invokeWriteObject(obj, this)} in {@code ObjectOutputStream.writeSerialData} ({@link
 * #writing()}) and {@code slotDesc.invokeReadObject(obj, this)} in {@code ObjectInputStream.readSerialData} ({@link
 * #reading()}), both parts of their class's patches, become {@code
 * dev.serialboost.runtime.engine.CustomCalls.invokeWriteObject(slotDesc, obj, this)} and {@code
 * invokeReadObject(slotDesc, obj, this)}. The descriptor's methods call the class's method by reflection with a new
 * {@code Object[]} holding the stream, once per class level with such a method (most of the JDK's own classes a
 * business graph is made of: {@code ArrayList}, {@code HashMap}, {@code BigDecimal}...); the runtime calls the
 * method of a {@code java.base} class directly ({@link CustomCallGenerator}), any other as the descriptor does, and
 * throws what the descriptor's method throws.
 *
 * <p>Applied only where the descriptor's {@code invokeWriteObject}, {@code invokeReadObject} and {@code
 * throwMiscException} (the exceptions the runtime repeats) have a known fingerprint, and where each stream class
 * makes its call exactly once.
 */
public final class CustomCallsPatch extends JdkPatch {

    private static final String OSC = StreamCall.OBJECT_STREAM_CLASS;
    private static final String CUSTOM_CALLS =
            RuntimeLocation.installedName("dev/serialboost/runtime/engine/CustomCalls");
    /** The descriptor's methods whose behaviour the runtime repeats, and the static one they share. */
    private static final String[] FINGERPRINTED = {
        "invokeWriteObject(Ljava/lang/Object;" + StreamCall.OOS_DESC + ")V",
        "invokeReadObject(Ljava/lang/Object;" + StreamCall.OIS_DESC + ")V"};
    private static final String THROW_MISC_EXCEPTION = "throwMiscException(Ljava/lang/Throwable;)V";

    /** The call this patch swaps. */
    private final StreamCall call;

    private CustomCallsPatch(final String target, final String method, final StreamCall call) {
        super("custom method calls", target, List.of(method), CALLS_RUNTIME, KnownFingerprints.patched(Map.of(
                "17.0.15", "eaff506e9a1c396a", // InvocationTargetException.getTargetException
                "21.0.8", "1188bbfdb7d0a943", // getCause: the same throwable
                "25.0.3", "1188bbfdb7d0a943")));
        this.call = call;
    }

    /** The patch of the writing side: {@code ObjectOutputStream.writeSerialData}. */
    public static CustomCallsPatch writing() {
        return new CustomCallsPatch(StreamCall.OBJECT_OUTPUT_STREAM,
                "writeSerialData(Ljava/lang/Object;" + StreamCall.OSC_DESC + ")V",
                new StreamCall(OSC, "invokeWriteObject", "(Ljava/lang/Object;" + StreamCall.OOS_DESC + ")V",
                        CUSTOM_CALLS));
    }

    /** The patch of the reading side: {@code ObjectInputStream.readSerialData}. */
    public static CustomCallsPatch reading() {
        return new CustomCallsPatch(StreamCall.OBJECT_INPUT_STREAM,
                "readSerialData(Ljava/lang/Object;" + StreamCall.OSC_DESC + ")V",
                new StreamCall(OSC, "invokeReadObject", "(Ljava/lang/Object;" + StreamCall.OIS_DESC + ")V",
                        CUSTOM_CALLS));
    }

    /** The fingerprint of {@code ObjectStreamClass}'s {@code invokeWriteObject}, {@code invokeReadObject} and kin. */
    @Override
    public String fingerprint(final byte[] targetClass, final ClassFileSource jdk) {
        byte[] osc = jdk.read(OSC);
        return osc == null ? null : Fingerprint.combine(Fingerprint.ofMethods(osc, FINGERPRINTED),
                Fingerprint.ofStaticMethods(osc, THROW_MISC_EXCEPTION));
    }

    @Override
    protected String unknown(final String print) {
        return "this JDK's " + OSC.replace('/', '.') + " is not one serialboost knows";
    }

    @Override
    public byte[] change(final byte[] targetClass) {
        return StreamCall.swapInMethod(targetClass, target(), changes().get(0), call);
    }
}
