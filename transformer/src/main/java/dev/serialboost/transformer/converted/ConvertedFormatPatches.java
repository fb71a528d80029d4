package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.JdkPatchSet;

import java.util.List;

/**
 * The method-body patches to {@code java.base} that let the JDK's stream engine write and read converted classes
 * in the converted format while those classes stay ordinary {@code Serializable} classes to everyone else (see
 * {@code dev.serialboost.runtime.converted.ConvertedFormat}), in the order they are applied: one {@link JdkPatch} per
 * class ({@link ConvertedFormatPatch}), which checks the class has every site it changes, as often as expected
 * ({@link StreamSite}), before anything is changed. Pure: class bytes in, a verdict or class bytes out. The patches
 * add no member, so they are legal for retransformation. The installer checks all three classes first and patches
 * none unless all fit: the format is all or nothing.
 *
 * <ol>
 *   <li>The {@code ObjectStreamClass(Class)} constructor: {@code Externalizable.class.isAssignableFrom(cl)} passes
 *       through {@code ConvertedFormat.externalizableView(boolean)} (its {@code getSerialFields(Class)} is left alone,
 *       so a converted view lists the class's fields, which the stream then carries).</li>
 *   <li>{@code ObjectStreamClass.initNonProxy}: the local descriptor {@code lookup(cl, true)} passes through
 *       {@code ConvertedFormat.localDescriptor(osc, model, cl)}.</li>
 *   <li>{@code ObjectStreamClass.writeNonProxy}: the protocol version written for the descriptor passes through
 *       {@code ConvertedFormat.descriptorProtocol(version, desc)}.</li>
 *   <li>{@code ObjectInputStream.readOrdinaryObject}: the {@code checkcast Externalizable} before {@code
 *       readExternalData} is dropped (the verifier treats an interface-typed argument as any object).</li>
 *   <li>{@code ObjectInputStream.readExternalData}: {@code obj.readExternal(this)} stays for an {@code
 *       Externalizable} object; for any other (a converted one) it becomes a loop in the same frame that reads the
 *       object's data through {@code ConvertedFormat.readBegin}, {@code readNext} (the stream descriptor tells a
 *       converted class's reader the writer's fields) and each of its references with the stream's own {@code
 *       readObject}, so a nesting level takes no more frames than in the plain format ({@link ExternalDataLoops});
 *       and {@code desc.hasBlockExternalData()} passes through {@code ConvertedFormat.blockedOrSkipped}.</li>
 *   <li>{@code ObjectInputStream.defaultReadObject} starts with a loop through {@code
 *       ConvertedFormat.defaultReadBegin} and {@code defaultReadNext} and the stream's own {@code readObject0}: the
 *       generated code for the default part of a converted level with methods of its own, each reference read from
 *       this frame ({@link ExternalDataLoops}), else the JDK's code.</li>
 *   <li>{@code ObjectInputStream.readRecord} starts with {@code ConvertedFormat.readRecord(this, desc)}: converted
 *       data of a class that is a record here, else the JDK's code.</li>
 *   <li>{@code ObjectInputStream.readClassDescriptor()}, the JDK's own, which a stream class that overrides it calls
 *       as {@code super.readClassDescriptor()}: the descriptor it read passes through {@code
 *       ConvertedFormat.descriptorRead(desc, this)} on its way out, and in {@code readNonProxyDesc}, before {@code
 *       skipCustomData()}, the descriptor the stream's {@code readClassDescriptor()} returned ({@code readDesc}, the
 *       model {@code initNonProxy} takes next) passes through {@code ConvertedFormat.modelFor(this, desc,
 *       readDesc)}: an override that returned another descriptor than the one read for converted data (a renamed
 *       class's local descriptor, say) has the data read as the data it is, or refused, never misread.</li>
 *   <li>{@code ObjectOutputStream.writeObject0} and {@code writeClass}: every {@code ObjectStreamClass.lookup(cl,
 *       all)} becomes {@code ConvertedFormat.lookupForWrite(cl, all, this)} (a {@code Class} object of a converted
 *       class is described as its instances are, so one descriptor serves both, as without the agent).</li>
 *   <li>{@code ObjectOutputStream.writeOrdinaryObject}: the {@code checkcast Externalizable} before {@code
 *       writeExternalData} is dropped.</li>
 *   <li>{@code ObjectOutputStream.writeExternalData}: {@code obj.writeExternal(this)} becomes the writing loop, as
 *       reading's, through {@code ConvertedFormat.writeBegin}, {@code writeStep}, {@code nextStep} and the stream's
 *       own {@code writeObject}; the stream's protocol passes through {@code ConvertedFormat.dataProtocol}.</li>
 *   <li>{@code ObjectOutputStream.defaultWriteObject} starts with a loop through {@code
 *       ConvertedFormat.defaultWriteBegin} and {@code defaultWriteNext} and the stream's own {@code writeObject0}, as
 *       reading's.</li>
 * </ol>
 */
public final class ConvertedFormatPatches {

    public static final String OBJECT_STREAM_CLASS = "java/io/ObjectStreamClass";
    public static final String OBJECT_OUTPUT_STREAM = "java/io/ObjectOutputStream";
    public static final String OBJECT_INPUT_STREAM = "java/io/ObjectInputStream";
    /** The classes to patch, in the order to patch them: the hooks of the descriptor first, the writer last. */
    public static final List<String> CLASSES = List.of(OBJECT_STREAM_CLASS, OBJECT_INPUT_STREAM, OBJECT_OUTPUT_STREAM);

    private ConvertedFormatPatches() {
    }

    /** The patches, one per class, in the order of {@link #CLASSES}; declared when first asked for, as the engine's. */
    public static JdkPatchSet set() {
        return Declared.SET;
    }

    /** The holder of the declared set, initialized on first use. */
    private static final class Declared {
        static final JdkPatchSet SET = new JdkPatchSet(List.of(
                new ConvertedFormatPatch(OBJECT_STREAM_CLASS),
                new ConvertedFormatPatch(OBJECT_INPUT_STREAM),
                new ConvertedFormatPatch(OBJECT_OUTPUT_STREAM)));
    }

    /**
     * Checks one of the three classes against what its patch relies on (other classes pass).
     *
     * @return an empty list when it fits, else what does not
     */
    public static List<String> check(final String internalName, final byte[] classFile) {
        return CLASSES.contains(internalName) ? SitePasses.problems(internalName, classFile) : List.of();
    }

    /** Patches one of the three classes; returns other classes' bytes unchanged. Call {@link #check} first. */
    public static byte[] patch(final String internalName, final byte[] classFile) {
        return CLASSES.contains(internalName) ? set().own(internalName).change(classFile) : classFile;
    }
}
