package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;

import java.util.List;

/**
 * The engine's patch of {@code ObjectOutputStream.writeNonProxyDesc(ObjectStreamClass, boolean)}, the writing side
 * of every class descriptor: {@code writeClassDescriptor(desc)} becomes {@code Engine.writeClassDescriptor(this,
 * desc)} and {@code desc.writeNonProxy(this)} (protocol version 1) becomes {@code Engine.writeNonProxy(desc, this)},
 * which write a descriptor from the bytes kept of its first writing (a template per class), and make the very call
 * they replaced for a stream class that overrides {@code writeClassDescriptor}, or on any doubt.
 *
 * <p>Checked by shape, not by fingerprint (the method's other code may change freely): each of the two calls is in
 * {@code writeNonProxyDesc} exactly once.
 */
public final class DescriptorTemplatesPatch extends JdkPatch {

    private static final String WRITE_NON_PROXY_DESC = "writeNonProxyDesc(" + StreamCall.OSC_DESC + "Z)V";

    private static final String OSC_DESC = StreamCall.OSC_DESC;
    private static final String OOS_DESC = StreamCall.OOS_DESC;
    private static final StreamCall WRITE_CLASS_DESCRIPTOR = new StreamCall(StreamCall.OBJECT_OUTPUT_STREAM,
            "writeClassDescriptor", "(" + OSC_DESC + ")V");
    private static final StreamCall WRITE_NON_PROXY = new StreamCall(StreamCall.OBJECT_STREAM_CLASS,
            "writeNonProxy", "(" + OOS_DESC + ")V");

    public DescriptorTemplatesPatch() {
        super("writing", StreamCall.OBJECT_OUTPUT_STREAM, List.of(WRITE_NON_PROXY_DESC), CALLS_RUNTIME,
                KnownFingerprints.NONE);
    }

    /** With this and the reading side's {@link ClassResolutionPatch} off, the engine layer is off. */
    @Override
    public boolean essential() {
        return true;
    }

    @Override
    public byte[] change(final byte[] objectOutputStream) {
        return patched(objectOutputStream);
    }

    private static byte[] patched(final byte[] objectOutputStream) {
        return StreamCall.swapInMethod(objectOutputStream, StreamCall.OBJECT_OUTPUT_STREAM, WRITE_NON_PROXY_DESC,
                WRITE_CLASS_DESCRIPTOR, WRITE_NON_PROXY);
    }
}
