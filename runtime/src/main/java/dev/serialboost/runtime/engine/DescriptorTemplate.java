package dev.serialboost.runtime.engine;

import dev.serialboost.runtime.jdk.JdkObjectOutputStream;
import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamConstants;
import java.io.ObjectStreamField;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The bytes {@code ObjectStreamClass.writeNonProxy} writes for one local class descriptor, kept so that the
 * next stream copies them instead of encoding the class name, the serialVersionUID, the flags and every field
 * name again. What depends on the stream stays with the stream: each reference field's type string is written by
 * the stream's own {@code writeTypeString}, which writes it or a back-reference to it as its handle table says;
 * the flags byte of an {@code Externalizable} class depends on the protocol version, so both variants are kept.
 *
 * <p>A template is built once per class (held by a {@code ClassValue}, so it keeps no class loader alive) and is
 * checked when built: the JDK's own {@code writeNonProxy} writes the descriptor to a scratch stream, and the
 * template, written to an equally fresh stream, must give the same bytes. A class whose descriptor does not
 * match, or cannot be encoded (a name over 65,535 UTF-8 bytes), gets no template and is written by the JDK.
 */
public final class DescriptorTemplate {

    /** The descriptor the template was built for; a different descriptor of the same class is written by the JDK. */
    final ObjectStreamClass desc;
    /** The constant bytes, protocol version 2 flags. */
    private final byte[] bytes;
    /** The same bytes with the protocol version 1 flags; the same array when the flags do not differ. */
    private final byte[] bytesVersion1;
    /** Where each type string goes: the constant bytes before type string i end at {@code cuts[i]}. */
    private final int[] cuts;
    /** The type strings, the very instances the JDK passes to {@code writeTypeString} (its handles use identity). */
    private final String[] typeStrings;

    private DescriptorTemplate(final ObjectStreamClass desc, final byte[] bytes, final byte[] bytesVersion1,
                               final int[] cuts, final String[] typeStrings) {
        this.desc = desc;
        this.bytes = bytes;
        this.bytesVersion1 = bytesVersion1;
        this.cuts = cuts;
        this.typeStrings = typeStrings;
    }

    /** The bytes of the descriptor that do not depend on the stream: all but its reference fields' type strings. */
    int constantBytes() {
        return bytes.length;
    }

    /** Writes the descriptor to {@code out} as {@code desc.writeNonProxy(out)} would. */
    void write(final ObjectOutputStream out, final int protocol) throws Throwable {
        byte[] b = protocol == ObjectStreamConstants.PROTOCOL_VERSION_1 ? bytesVersion1 : bytes;
        int from = 0;
        for (int i = 0; i < cuts.length; i++) {
            Engine.writeBytes(out, b, from, cuts[i] - from);
            JdkObjectOutputStream.WRITE_TYPE_STRING.invokeExact(out, typeStrings[i]);
            from = cuts[i];
        }
        Engine.writeBytes(out, b, from, b.length - from);
    }

    /**
     * Builds and checks the template of a local descriptor.
     *
     * @return the template, or null when the JDK should keep writing this descriptor itself
     */
    public static DescriptorTemplate build(final ObjectStreamClass desc) throws Throwable {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(256);
        DataOutputStream data = new DataOutputStream(buffer);
        try {
            data.writeUTF(desc.getName());
        } catch (IOException e) {
            return null;
        }
        data.writeLong(desc.getSerialVersionUID());
        int flagsAt = buffer.size();
        boolean externalizable = (boolean) JdkObjectStreamClass.EXTERNALIZABLE.invokeExact(desc);
        data.writeByte(Engine.descriptorFlags(desc, ObjectStreamConstants.PROTOCOL_VERSION_2));
        ObjectStreamField[] fields = (ObjectStreamField[]) JdkObjectStreamClass.FIELDS.invokeExact(desc);
        data.writeShort(fields.length);
        List<Integer> cuts = new ArrayList<>();
        List<String> typeStrings = new ArrayList<>();
        for (ObjectStreamField f : fields) {
            data.writeByte(f.getTypeCode());
            try {
                data.writeUTF(f.getName());
            } catch (IOException e) {
                return null;
            }
            if (!f.isPrimitive()) {
                cuts.add(buffer.size());
                typeStrings.add(f.getTypeString());
            }
        }
        byte[] bytes = buffer.toByteArray();
        byte[] bytesVersion1 = bytes;
        if (externalizable) {
            bytesVersion1 = bytes.clone();
            bytesVersion1[flagsAt] = Engine.descriptorFlags(desc, ObjectStreamConstants.PROTOCOL_VERSION_1);
        }
        // a loop, not a stream: the first class a JVM writes builds its template while the stream is set up
        int[] cutOffsets = new int[cuts.size()];
        for (int i = 0; i < cutOffsets.length; i++) {
            cutOffsets[i] = cuts.get(i);
        }
        DescriptorTemplate template = new DescriptorTemplate(desc, bytes, bytesVersion1, cutOffsets,
                typeStrings.toArray(new String[0]));
        if (!template.matchesJdk(ObjectStreamConstants.PROTOCOL_VERSION_2)
                || externalizable && !template.matchesJdk(ObjectStreamConstants.PROTOCOL_VERSION_1)) {
            return null;
        }
        return template;
    }

    /** Whether the JDK's {@code writeNonProxy} and this template write the same bytes to a fresh stream. */
    private boolean matchesJdk(final int protocol) throws Throwable {
        ByteArrayOutputStream jdk = new ByteArrayOutputStream(256);
        try (ObjectOutputStream scratch = new ObjectOutputStream(jdk)) {
            scratch.useProtocolVersion(protocol);
            Engine.leaveBlockDataMode(scratch);
            JdkObjectStreamClass.WRITE_NON_PROXY.invokeExact(desc, scratch);
        }
        return Arrays.equals(jdk.toByteArray(), freshStreamBytes(protocol));
    }

    /**
     * The stream header and this template as a fresh stream has them: a type string met for the first time is a
     * new string; met again, a reference to the handle it got (handles start at {@code baseWireHandle}).
     */
    private byte[] freshStreamBytes(final int protocol) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(256);
        DataOutputStream data = new DataOutputStream(buffer);
        data.writeShort(ObjectStreamConstants.STREAM_MAGIC);
        data.writeShort(ObjectStreamConstants.STREAM_VERSION);
        byte[] b = protocol == ObjectStreamConstants.PROTOCOL_VERSION_1 ? bytesVersion1 : bytes;
        List<String> written = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < cuts.length; i++) {
            data.write(b, from, cuts[i] - from);
            int handle = indexOfIdentical(written, typeStrings[i]);
            if (handle >= 0) {
                data.writeByte(ObjectStreamConstants.TC_REFERENCE);
                data.writeInt(ObjectStreamConstants.baseWireHandle + handle);
            } else {
                written.add(typeStrings[i]);
                writeNewString(data, typeStrings[i]);
            }
            from = cuts[i];
        }
        data.write(b, from, b.length - from);
        data.flush();
        return buffer.toByteArray();
    }

    private static void writeNewString(final DataOutputStream data, final String s) throws IOException {
        try {
            ByteArrayOutputStream utf = new ByteArrayOutputStream();
            new DataOutputStream(utf).writeUTF(s);
            data.writeByte(ObjectStreamConstants.TC_STRING);
            data.write(utf.toByteArray());
        } catch (java.io.UTFDataFormatException e) {
            // over 65,535 UTF-8 bytes: a long string, which the check then compares like any other bytes
            byte[] encoded = longUtf(s);
            data.writeByte(ObjectStreamConstants.TC_LONGSTRING);
            data.writeLong(encoded.length);
            data.write(encoded);
        }
    }

    /** Modified UTF-8 without a length prefix. */
    private static byte[] longUtf(final String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length() * 3);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x0001 && c <= 0x007F) {
                out.write(c);
            } else if (c > 0x07FF) {
                out.write(0xE0 | ((c >> 12) & 0x0F));
                out.write(0x80 | ((c >> 6) & 0x3F));
                out.write(0x80 | (c & 0x3F));
            } else {
                out.write(0xC0 | ((c >> 6) & 0x1F));
                out.write(0x80 | (c & 0x3F));
            }
        }
        return out.toByteArray();
    }

    private static int indexOfIdentical(final List<String> strings, final String s) {
        for (int i = 0; i < strings.size(); i++) {
            if (strings.get(i) == s) {
                return i;
            }
        }
        return -1;
    }
}
