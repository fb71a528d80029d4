package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;

import java.util.List;
import java.util.Map;

/**
 * A part of the engine's patch of {@code ObjectInputStream}: recognised descriptors. In {@code
 * readNonProxyDesc(boolean)}, {@code readClassDescriptor()} becomes {@code Engine.readClassDescriptor(this)}, which
 * recognises a descriptor from its bytes (a descriptor it read before in this JVM, byte for byte) and returns a copy
 * of the one it made then, or calls {@code readClassDescriptor()} (always, for a stream class that overrides it).
 *
 * <p>The engine then does what {@code ObjectStreamClass.readNonProxy} does, line by line
 * ({@code dev.serialboost.runtime.engine.DescriptorReader}): applied only where that method has a fingerprint this
 * patch knows, and where {@code readNonProxyDesc} calls {@code readClassDescriptor()} exactly once.
 */
public final class DescriptorRecognitionPatch extends JdkPatch {

    /** {@code ObjectStreamClass.readNonProxy(ObjectInputStream)}, which the engine repeats. */
    static final String READ_NON_PROXY = "readNonProxy(" + StreamCall.OIS_DESC + ")V";

    private static final StreamCall READ_CLASS_DESCRIPTOR = new StreamCall(StreamCall.OBJECT_INPUT_STREAM,
            "readClassDescriptor", "()" + StreamCall.OSC_DESC);

    public DescriptorRecognitionPatch() {
        super("recognised descriptors", StreamCall.OBJECT_INPUT_STREAM, List.of(StreamCall.READ_NON_PROXY_DESC),
                CALLS_RUNTIME, KnownFingerprints.patched(Map.of(
                        "17.0.15", "0d1a6ca56676bd95", // exception causes by initCause
                        "21.0.8", "2d1cd6a473292142", // exception causes by constructor
                        "25.0.3", "2d1cd6a473292142")));
    }

    /** The fingerprint of the JDK's {@code ObjectStreamClass.readNonProxy}. */
    @Override
    public String fingerprint(final byte[] objectInputStream, final ClassFileSource jdk) {
        byte[] descriptorClass = jdk.read(StreamCall.OBJECT_STREAM_CLASS);
        return descriptorClass == null ? null : Fingerprint.ofMethod(descriptorClass, READ_NON_PROXY);
    }

    @Override
    protected String fingerprinted() {
        return "java.io.ObjectStreamClass.readNonProxy";
    }

    @Override
    public byte[] change(final byte[] objectInputStream) {
        return patched(objectInputStream);
    }

    private static byte[] patched(final byte[] objectInputStream) {
        return StreamCall.swapInMethod(objectInputStream, StreamCall.OBJECT_INPUT_STREAM,
                StreamCall.READ_NON_PROXY_DESC, READ_CLASS_DESCRIPTOR);
    }
}
