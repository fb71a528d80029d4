package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;

import java.util.List;
import java.util.Map;

/**
 * A part of the engine's patch of {@code ObjectInputStream}: bound descriptors. In {@code readNonProxyDesc(boolean)},
 * {@code desc.initNonProxy(readDesc, cl, resolveEx, superDesc)} becomes {@code Engine.initNonProxy(desc, readDesc,
 * cl, resolveEx, superDesc)}, which copies into the new descriptor the fields {@code initNonProxy} would set from
 * the result it kept of binding the same descriptor to the same class before ({@code
 * dev.serialboost.runtime.engine.BoundFields}), or calls {@code initNonProxy}.
 *
 * <p>Applied only where {@code ObjectStreamClass.initNonProxy} has a fingerprint this patch knows (the fields it sets,
 * and that it only stores the superclass descriptor), and where {@code readNonProxyDesc} calls it exactly once.
 */
public final class DescriptorBindingPatch extends JdkPatch {

    /** {@code ObjectStreamClass.initNonProxy}, whose result the engine copies. */
    static final String INIT_NON_PROXY = "initNonProxy(" + StreamCall.OSC_DESC + "Ljava/lang/Class;"
            + "Ljava/lang/ClassNotFoundException;" + StreamCall.OSC_DESC + ")V";

    private static final StreamCall INIT = new StreamCall(StreamCall.OBJECT_STREAM_CLASS, "initNonProxy",
            INIT_NON_PROXY.substring("initNonProxy".length()));

    public DescriptorBindingPatch() {
        super("bound descriptors", StreamCall.OBJECT_INPUT_STREAM, List.of(StreamCall.READ_NON_PROXY_DESC),
                CALLS_RUNTIME, KnownFingerprints.patched(Map.of(
                        "17.0.15", "7cbabb6e2a566fb1", // 17 and 21 also set protection domains
                        "21.0.8", "7cbabb6e2a566fb1",
                        "25.0.3", "d999828b07465924")));
    }

    /** The fingerprint of the JDK's {@code ObjectStreamClass.initNonProxy}. */
    @Override
    public String fingerprint(final byte[] objectInputStream, final ClassFileSource jdk) {
        byte[] descriptorClass = jdk.read(StreamCall.OBJECT_STREAM_CLASS);
        return descriptorClass == null ? null : Fingerprint.ofMethod(descriptorClass, INIT_NON_PROXY);
    }

    @Override
    protected String fingerprinted() {
        return "java.io.ObjectStreamClass.initNonProxy";
    }

    @Override
    public byte[] change(final byte[] objectInputStream) {
        return patched(objectInputStream);
    }

    private static byte[] patched(final byte[] objectInputStream) {
        return StreamCall.swapInMethod(objectInputStream, StreamCall.OBJECT_INPUT_STREAM,
                StreamCall.READ_NON_PROXY_DESC, INIT);
    }
}
