package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.JdkPatchSet;

import java.util.List;

/**
 * The engine layer: its changes to {@code java.base}, in the order they are applied. Each swaps code of a JDK method
 * for code that does the same job faster, calling the runtime ({@code dev.serialboost.runtime.engine}), which falls
 * through to the very code it replaced on any miss or doubt; no member is added, so every change is legal for
 * retransformation. Streams written through them are byte for byte those the same JDK writes without them. Each is
 * checked on the JDKs its fingerprints name ({@code JdkPatchContractTest}); a change that does not fit the running
 * JDK turns itself off, and its name is what the user reads ({@code engine layer is partly off: NAME: why}).
 *
 * <ol>
 *   <li><b>reading</b> ({@link ClassResolutionPatch}), {@code ObjectInputStream}'s own: classes resolved from a
 *       cache exact for the caller's class loader, which the stream's read depth tells the engine when to look up
 *       again.</li>
 *   <li><b>recognised descriptors</b> ({@link DescriptorRecognitionPatch}), a part of {@code ObjectInputStream}:
 *       class descriptors recognised from their bytes.</li>
 *   <li><b>bound descriptors</b> ({@link DescriptorBindingPatch}), a part of {@code ObjectInputStream}: a descriptor
 *       bound to its local class from the result of binding the same one before.</li>
 *   <li><b>recording classes</b> ({@link FilterChecksPatch}), a part of {@code ObjectInputStream}: each filter check
 *       told to the runtime first, which records the class and the filter's values when {@code record-classes} is
 *       set (otherwise it returns at once).</li>
 *   <li><b>writing</b> ({@link DescriptorTemplatesPatch}), {@code ObjectOutputStream}'s own: class descriptors
 *       written from templates.</li>
 *   <li><b>reading byte arrays</b> ({@link ArrayReadsPatch}), {@code ObjectInputStream$PeekInputStream}: reads of a
 *       {@code ByteArrayInputStream} without its lock.</li>
 *   <li><b>reading strings</b> ({@link StringReadsPatch}), {@code ObjectInputStream$BlockDataInputStream}: short
 *       strings decoded straight from the buffer.</li>
 *   <li><b>reading ints and shorts</b> ({@link IntReadsPatch}), a part of {@code
 *       ObjectInputStream$BlockDataInputStream}: the handles, array and string lengths outside block data read
 *       straight from a {@code ByteArrayInputStream}.</li>
 *   <li><b>field copies</b> ({@link FieldAccessPatch#reading()}), {@code ObjectInputStream$FieldValues}: primitive
 *       fields set by code generated per class.</li>
 *   <li><b>field copies</b> ({@link FieldAccessPatch#writing()}), a part of {@code ObjectOutputStream}: primitive
 *       fields read by code generated per class.</li>
 *   <li><b>field snapshots</b> ({@link FieldSnapshotsPatch}), a part of {@code ObjectOutputStream}: the reference
 *       fields of an object with up to five written from the method's locals, without an array per object.</li>
 *   <li><b>custom method calls</b> ({@link CustomCallsPatch#writing()}, {@link CustomCallsPatch#reading()}), parts
 *       of {@code ObjectOutputStream} and {@code ObjectInputStream}: a class's own {@code writeObject} and {@code
 *       readObject} called directly for the JDK's own classes instead of by reflection.</li>
 *   <li><b>deferred field values</b> ({@link DeferredValuesPatch}), a part of {@code ObjectInputStream}: an object of
 *       one class level read without the array that defers setting its fields.</li>
 *   <li><b>object creation</b> ({@link NewInstancesPatch}), a part of {@code ObjectInputStream}: an object whose
 *       serialization constructor runs no code ({@code Object()}, {@code AbstractList()}...) allocated instead of
 *       that constructor called by reflection.</li>
 *   <li><b>back-reference lookups</b> ({@link HandleTablePatch}), {@code ObjectOutputStream$HandleTable}: a large
 *       handle table kept sparse, its buckets found without a division.</li>
 *   <li><b>writing strings</b> ({@link StringWritesPatch}), {@code ObjectOutputStream$BlockDataOutputStream}: an
 *       ASCII string's bytes copied in one call (JDK 17 and 21; 25 does it itself).</li>
 *   <li><b>string lengths</b> ({@link StringLengthsPatch}), a part of {@code ObjectOutputStream$BlockDataOutputStream}:
 *       a Latin-1 string's modified UTF-8 length counted where it is, eight bytes at a time (JDK 17 and 21; 25
 *       counts fast itself).</li>
 *   <li><b>primitives</b> ({@link BitsPatch}), {@code java.io.Bits} (JDK 17; later JDKs have none): one unaligned
 *       access per value instead of a byte at a time.</li>
 *   <li><b>arrays of primitives</b> ({@link PrimitiveArraysPatch#writes()}), a part of {@code ObjectOutputStream}:
 *       arrays written straight into a {@code ByteArrayOutputStream}.</li>
 *   <li><b>arrays of primitives</b> ({@link PrimitiveArraysPatch#reads()}), a part of {@code ObjectInputStream}:
 *       arrays read straight from a {@code ByteArrayInputStream}, allocated without zeroing.</li>
 *   <li><b>statistics</b> ({@link StatisticsPatch#writing()}), a part of {@code ObjectOutputStream}: streams, top-level
 *       writes and objects reported to the statistics, which count them only when switched on.</li>
 *   <li><b>statistics</b> ({@link StatisticsPatch#reading()}), a part of {@code ObjectInputStream}: the same for
 *       reads.</li>
 * </ol>
 *
 * <p>The first patch of a class is the class's own: when it does not fit, the class stays as the JDK ships it. A
 * later one is a part, left out alone when it does not fit. With both {@code reading} and {@code writing} off, the
 * engine layer is off. The classes' own patches come in the order the start-up line names what is off, and of
 * {@link #TARGETS}: a patch of a class no patch changed before adds that class there too.
 */
public final class EnginePatches {

    /**
     * The classes the set patches (internal names), in the order of their own patches. Listed apart from the
     * patches: the agent needs them at start-up, before any stream class loads, and declaring the patches loads
     * their classes, sixteen of them, which measured 4 ms of start-up (JDK 17, a trivial application, median of 15
     * runs: 13 ms against 9). {@code JdkPatchSetTest} checks that they are {@link #set()}'s.
     */
    public static final List<String> TARGETS = List.of(
            "java/io/ObjectInputStream",
            "java/io/ObjectOutputStream",
            ArrayReadsPatch.PEEK_INPUT_STREAM,
            StringReadsPatch.BLOCK_DATA_INPUT_STREAM,
            FieldAccessPatch.FIELD_VALUES,
            HandleTablePatch.HANDLE_TABLE,
            StringWritesPatch.BLOCK_DATA_OUTPUT_STREAM,
            BitsPatch.BITS);

    private EnginePatches() {
    }

    /** The patches, in order; declared when first asked for (when the first class of {@link #TARGETS} loads). */
    public static JdkPatchSet set() {
        return Declared.SET;
    }

    /** The holder of the declared set, initialized on first use. */
    private static final class Declared {
        static final JdkPatchSet SET = new JdkPatchSet(List.of(
                new ClassResolutionPatch(),
                new DescriptorRecognitionPatch(),
                new DescriptorBindingPatch(),
                new FilterChecksPatch(),
                new DescriptorTemplatesPatch(),
                new ArrayReadsPatch(),
                new StringReadsPatch(),
                new IntReadsPatch(),
                FieldAccessPatch.reading(),
                FieldAccessPatch.writing(),
                new FieldSnapshotsPatch(),
                CustomCallsPatch.writing(),
                CustomCallsPatch.reading(),
                new DeferredValuesPatch(),
                new NewInstancesPatch(),
                new HandleTablePatch(),
                new StringWritesPatch(),
                new StringLengthsPatch(),
                new BitsPatch(),
                PrimitiveArraysPatch.writes(),
                PrimitiveArraysPatch.reads(),
                StatisticsPatch.writing(),
                StatisticsPatch.reading()));
    }
}
