package dev.serialboost.transformer;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The default serialVersionUID of a class, computed from its original class file exactly as
 * {@code java.io.ObjectStreamClass.computeDefaultSUID} computes it from the loaded class. Converting a
 * class adds methods, which would change the computed value; the generator injects
 * this one so that {@code ObjectStreamClass.lookup(c).getSerialVersionUID()} does not move.
 */
final class SerialVersionUids {

    private static final int CLASS_MODS = Modifier.PUBLIC | Modifier.FINAL | Modifier.INTERFACE | Modifier.ABSTRACT;
    private static final int FIELD_MODS = Modifier.PUBLIC | Modifier.PRIVATE | Modifier.PROTECTED | Modifier.STATIC
            | Modifier.FINAL | Modifier.VOLATILE | Modifier.TRANSIENT;
    private static final int METHOD_MODS = Modifier.PUBLIC | Modifier.PRIVATE | Modifier.PROTECTED | Modifier.STATIC
            | Modifier.FINAL | Modifier.SYNCHRONIZED | Modifier.NATIVE | Modifier.ABSTRACT | Modifier.STRICT;

    // comparators of their own, not lambdas: each class computed here loads while an application starts, and the
    // first use of a lambda or a stream costs more than the whole computation
    private static final Comparator<ClassInfo.Field> FIELDS_BY_NAME = new Comparator<>() {
        @Override
        public int compare(final ClassInfo.Field a, final ClassInfo.Field b) {
            return a.name().compareTo(b.name());
        }
    };
    private static final Comparator<ClassInfo.Method> CONSTRUCTORS_BY_DESCRIPTOR = new Comparator<>() {
        @Override
        public int compare(final ClassInfo.Method a, final ClassInfo.Method b) {
            return a.descriptor().compareTo(b.descriptor());
        }
    };
    private static final Comparator<ClassInfo.Method> METHODS_BY_NAME_AND_DESCRIPTOR = new Comparator<>() {
        @Override
        public int compare(final ClassInfo.Method a, final ClassInfo.Method b) {
            int byName = a.name().compareTo(b.name());
            return byName != 0 ? byName : a.descriptor().compareTo(b.descriptor());
        }
    };

    private SerialVersionUids() {
    }

    /** The serialVersionUID the JDK would compute for the class as described by {@code info}. */
    static long computeDefault(final ClassInfo info) {
        // what ObjectStreamClass.computeDefaultSUID writes to its DataOutputStream, into an array of its own
        Data out = new Data();
        out.writeUTF(info.name, true);

        List<ClassInfo.Method> methods = new ArrayList<>(info.methods.size());
        List<ClassInfo.Method> constructors = new ArrayList<>();
        for (ClassInfo.Method m : info.methods) {
            if (m.name().equals("<init>")) {
                constructors.add(m);
            } else if (!m.name().equals("<clinit>")) {
                methods.add(m);
            }
        }
        int classMods = info.reflectedAccess & CLASS_MODS;
        if ((classMods & Modifier.INTERFACE) != 0) {
            classMods = methods.isEmpty() ? classMods & ~Modifier.ABSTRACT : classMods | Modifier.ABSTRACT;
        }
        out.writeInt(classMods);

        String[] interfaces = new String[info.interfaces.size()];
        for (int i = 0; i < interfaces.length; i++) {
            interfaces[i] = info.interfaces.get(i).replace('/', '.');
        }
        Arrays.sort(interfaces);
        for (String name : interfaces) {
            out.writeUTF(name, false);
        }

        List<ClassInfo.Field> fields = new ArrayList<>(info.fields);
        fields.sort(FIELDS_BY_NAME);
        for (ClassInfo.Field f : fields) {
            int mods = f.access() & FIELD_MODS;
            if ((mods & Modifier.PRIVATE) == 0 || (mods & (Modifier.STATIC | Modifier.TRANSIENT)) == 0) {
                out.writeUTF(f.name(), false);
                out.writeInt(mods);
                out.writeUTF(f.descriptor(), false);
            }
        }

        if (info.hasStaticInitializer) {
            out.writeUTF("<clinit>", false);
            out.writeInt(Modifier.STATIC);
            out.writeUTF("()V", false);
        }

        constructors.sort(CONSTRUCTORS_BY_DESCRIPTOR);
        writeMethods(out, constructors);
        methods.sort(METHODS_BY_NAME_AND_DESCRIPTOR);
        writeMethods(out, methods);

        byte[] sha = Sha1.digest(out.bytes, out.length);
        long hash = 0;
        for (int i = Math.min(sha.length, 8) - 1; i >= 0; i--) {
            hash = (hash << 8) | (sha[i] & 0xFF);
        }
        return hash;
    }

    private static void writeMethods(final Data out, final List<ClassInfo.Method> methods) {
        for (ClassInfo.Method m : methods) {
            int mods = m.access() & METHOD_MODS;
            if ((mods & Modifier.PRIVATE) == 0) {
                out.writeUTF(m.name(), false);
                out.writeInt(mods);
                out.writeUTF(m.descriptor(), true);
            }
        }
    }

    /** What {@code DataOutputStream.writeInt} and {@code writeUTF} write, into a growing array. */
    private static final class Data {
        byte[] bytes = new byte[512];
        int length;

        private void ensure(final int more) {
            if (length + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, length + more));
            }
        }

        void writeInt(final int v) {
            ensure(4);
            bytes[length++] = (byte) (v >>> 24);
            bytes[length++] = (byte) (v >>> 16);
            bytes[length++] = (byte) (v >>> 8);
            bytes[length++] = (byte) v;
        }

        /**
         * {@code writeUTF(s)}, or {@code writeUTF(s.replace('/', '.'))} when {@code dots}: a two-byte length, then
         * modified UTF-8.
         *
         * @throws IllegalStateException for a string longer than {@code writeUTF} takes (65,535 bytes)
         */
        void writeUTF(final String s, final boolean dots) {
            int n = s.length();
            int utf = 0;
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                utf += c >= 0x0001 && c <= 0x007F ? 1 : c <= 0x07FF ? 2 : 3;
            }
            if (utf > 0xFFFF) {
                throw new IllegalStateException("a name of " + utf + " bytes: writeUTF refuses it");
            }
            ensure(2 + utf);
            bytes[length++] = (byte) (utf >>> 8);
            bytes[length++] = (byte) utf;
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (c >= 0x0001 && c <= 0x007F) {
                    bytes[length++] = (byte) (dots && c == '/' ? '.' : c);
                } else if (c <= 0x07FF) {
                    bytes[length++] = (byte) (0xC0 | (c >> 6) & 0x1F);
                    bytes[length++] = (byte) (0x80 | c & 0x3F);
                } else {
                    bytes[length++] = (byte) (0xE0 | (c >> 12) & 0x0F);
                    bytes[length++] = (byte) (0x80 | (c >> 6) & 0x3F);
                    bytes[length++] = (byte) (0x80 | c & 0x3F);
                }
            }
        }
    }
}
