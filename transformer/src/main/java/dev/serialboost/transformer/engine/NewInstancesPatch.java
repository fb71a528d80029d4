package dev.serialboost.transformer.engine;

import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.Fingerprint;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.KnownFingerprints;
import dev.serialboost.transformer.kit.RuntimeLocation;
import java.util.List;
import java.util.Map;

/**
 * The engine's patch of the place where a stream creates the object it reads: {@code desc.newInstance()} in {@code
 * ObjectInputStream.readOrdinaryObject}, a part of that class's patches, becomes {@code
 * dev.serialboost.runtime.engine.NewInstances.newInstance(desc)}. The descriptor's method calls the class's
 * serialization constructor by reflection, an interface call per object that the JIT does not inline where a stream
 * reads objects of many classes. Where that constructor is one that runs no code but zeroing ({@code Object()}, for a
 * class whose superclasses are all serializable: {@code BigDecimal}, most application classes; or one of {@link
 * #EMPTY_CONSTRUCTORS}, for {@code ArrayList}, {@code HashMap}, {@code HashSet}, {@code LinkedList}, {@code
 * ArrayDeque}, {@code PriorityQueue}...) and the class is concrete and has no finalizer, the runtime allocates the
 * object instead; otherwise it makes the descriptor's call.
 *
 * <p>Applied only where the descriptor's {@code newInstance()} (what the runtime repeats for those classes, and calls
 * for the others) and the no-argument constructors of {@link #EMPTY_CONSTRUCTORS} have a known fingerprint, and where
 * {@code readOrdinaryObject} makes the call exactly once.
 */
public final class NewInstancesPatch extends JdkPatch {

    /**
     * The non-serializable JDK classes whose no-argument constructor, as fingerprinted, only calls its superclass's and
     * stores zero ({@code AbstractList.modCount}): the runtime's {@code NewInstances} allocates objects whose
     * serialization constructor is one of these (or {@code Object()}) without calling it.
     */
    public static final List<String> EMPTY_CONSTRUCTORS = List.of("java/util/AbstractCollection",
            "java/util/AbstractList", "java/util/AbstractSequentialList", "java/util/AbstractSet",
            "java/util/AbstractQueue", "java/util/AbstractMap");

    private static final String OSC = StreamCall.OBJECT_STREAM_CLASS;
    private static final String NEW_INSTANCE = "newInstance()Ljava/lang/Object;";

    public NewInstancesPatch() {
        super("object creation", StreamCall.OBJECT_INPUT_STREAM, List.of("readOrdinaryObject(Z)Ljava/lang/Object;"),
                CALLS_RUNTIME, KnownFingerprints.patched(Map.of(
                        "17.0.15", "d9b6b4d3b821c233",
                        "21.0.8", "d9b6b4d3b821c233",
                        "25.0.3", "82d03fcc8e607d4f"))); // an error the constructor throws unwrapped
    }

    /** The fingerprint of {@code ObjectStreamClass.newInstance()} and of the constructors of {@link #EMPTY_CONSTRUCTORS}. */
    @Override
    public String fingerprint(final byte[] objectInputStream, final ClassFileSource jdk) {
        String[] prints = new String[EMPTY_CONSTRUCTORS.size() + 1];
        byte[] osc = jdk.read(OSC);
        prints[0] = osc == null ? null : Fingerprint.ofMethods(osc, NEW_INSTANCE);
        for (int i = 0; i < EMPTY_CONSTRUCTORS.size(); i++) {
            byte[] type = jdk.read(EMPTY_CONSTRUCTORS.get(i));
            prints[i + 1] = type == null ? null : Fingerprint.ofMethods(type, "<init>()V");
        }
        return Fingerprint.combine(prints);
    }

    @Override
    protected String unknown(final String print) {
        return "this JDK's " + OSC.replace('/', '.') + ".newInstance() or constructors of java.util's abstract"
                + " collections are not ones serialboost knows";
    }

    @Override
    public byte[] change(final byte[] objectInputStream) {
        return StreamCall.swapInMethod(objectInputStream, target(), changes().get(0), new StreamCall(OSC,
                "newInstance", "()Ljava/lang/Object;",
                RuntimeLocation.installedName("dev/serialboost/runtime/engine/NewInstances")));
    }
}
