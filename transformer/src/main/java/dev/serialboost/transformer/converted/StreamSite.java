package dev.serialboost.transformer.converted;

import static dev.serialboost.transformer.converted.ConvertedFormatPatches.OBJECT_INPUT_STREAM;
import static dev.serialboost.transformer.converted.ConvertedFormatPatches.OBJECT_OUTPUT_STREAM;
import static dev.serialboost.transformer.converted.ConvertedFormatPatches.OBJECT_STREAM_CLASS;

/**
 * A place in a JDK stream class where the converted format's patches change the code ({@link SiteRewrites} says how):
 * the method, the instruction, and how many times the method must contain it for the patch to know the method.
 */
enum StreamSite {
    INIT_NON_PROXY_LOOKUP(OBJECT_STREAM_CLASS, "initNonProxy(" + StreamSite.OSC_DESC + "Ljava/lang/Class;"
            + "Ljava/lang/ClassNotFoundException;" + StreamSite.OSC_DESC + ")V", "a call of lookup(Class, boolean)", 1),
    CONSTRUCTOR_TEST(OBJECT_STREAM_CLASS, "<init>(Ljava/lang/Class;)V",
            "a test Externalizable.class.isAssignableFrom", 1),
    DESCRIPTOR_PROTOCOL(OBJECT_STREAM_CLASS, "writeNonProxy(L" + OBJECT_OUTPUT_STREAM + ";)V",
            "a call of ObjectOutputStream.getProtocolVersion", 1),
    WRITE_LOOKUP(OBJECT_OUTPUT_STREAM, "writeObject0(Ljava/lang/Object;Z)V", "a call of lookup(Class, boolean)", 0),
    WRITE_CLASS_LOOKUP(OBJECT_OUTPUT_STREAM, "writeClass(Ljava/lang/Class;Z)V", "a call of lookup(Class, boolean)",
            1),
    WRITE_CAST(OBJECT_OUTPUT_STREAM, "writeOrdinaryObject(Ljava/lang/Object;" + StreamSite.OSC_DESC + "Z)V",
            "a checkcast to Externalizable", 1),
    WRITE_EXTERNAL_CALL(OBJECT_OUTPUT_STREAM, "writeExternalData(Ljava/io/Externalizable;)V",
            "a call of Externalizable.writeExternal", 0, true),
    DATA_PROTOCOL(OBJECT_OUTPUT_STREAM, "writeExternalData(Ljava/io/Externalizable;)V",
            "a read of the field protocol", 1),
    READ_CAST(OBJECT_INPUT_STREAM, "readOrdinaryObject(Z)Ljava/lang/Object;", "a checkcast to Externalizable", 1),
    READ_EXTERNAL_CALL(OBJECT_INPUT_STREAM, "readExternalData(Ljava/io/Externalizable;" + StreamSite.OSC_DESC + ")V",
            "a call of Externalizable.readExternal", 1, true),
    READ_BLOCKED(OBJECT_INPUT_STREAM, "readExternalData(Ljava/io/Externalizable;" + StreamSite.OSC_DESC + ")V",
            "a call of ObjectStreamClass.hasBlockExternalData", 1),
    /** The method's entry: the site is the start of its code. */
    DEFAULT_WRITE_ENTRY(OBJECT_OUTPUT_STREAM, "defaultWriteObject()V", "code", 1),
    DEFAULT_READ_ENTRY(OBJECT_INPUT_STREAM, "defaultReadObject()V", "code", 1),
    READ_RECORD_ENTRY(OBJECT_INPUT_STREAM, "readRecord(" + StreamSite.OSC_DESC + ")Ljava/lang/Object;", "code", 1),
    /** The return of the descriptor the JDK's own {@code readClassDescriptor()} read. */
    DESCRIPTOR_READ(OBJECT_INPUT_STREAM, "readClassDescriptor()" + StreamSite.OSC_DESC, "a return", 1),
    /**
     * The call of {@code skipCustomData()} in {@code readNonProxyDesc}, after the new descriptor ({@code new
     * ObjectStreamClass()}) and the one {@code readClassDescriptor()} returned were stored in locals.
     */
    DESCRIPTOR_MODEL(OBJECT_INPUT_STREAM, "readNonProxyDesc(Z)" + StreamSite.OSC_DESC, "a call of skipCustomData", 1);

    static final String OSC_DESC = "L" + OBJECT_STREAM_CLASS + ";";

    final String owner;
    final String method;
    final String what;
    final int expected;
    /** Whether the call becomes a loop, which needs the types of the method's local variables at the site. */
    final boolean loops;

    StreamSite(final String owner, final String method, final String what, final int expected) {
        this(owner, method, what, expected, false);
    }

    StreamSite(final String owner, final String method, final String what, final int expected, final boolean loops) {
        this.owner = owner;
        this.method = method;
        this.what = what;
        this.expected = expected;
        this.loops = loops;
    }

    /** Whether a method (name and descriptor) of a class has a site. */
    static boolean any(final String owner, final String method) {
        return in(owner, method, values()) != null;
    }

    /** The first of {@code candidates} in that method of that class, or null. */
    static StreamSite in(final String owner, final String method, final StreamSite... candidates) {
        for (StreamSite s : candidates) {
            if (s.owner.equals(owner) && s.method.equals(method)) {
                return s;
            }
        }
        return null;
    }
}
