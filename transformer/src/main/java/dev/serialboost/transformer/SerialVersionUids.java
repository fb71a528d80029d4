package dev.serialboost.transformer;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
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
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeUTF(info.className());

            List<ClassInfo.Method> methods = new ArrayList<>();
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
                out.writeUTF(name);
            }

            List<ClassInfo.Field> fields = new ArrayList<>(info.fields);
            fields.sort(FIELDS_BY_NAME);
            for (ClassInfo.Field f : fields) {
                int mods = f.access() & FIELD_MODS;
                if ((mods & Modifier.PRIVATE) == 0 || (mods & (Modifier.STATIC | Modifier.TRANSIENT)) == 0) {
                    out.writeUTF(f.name());
                    out.writeInt(mods);
                    out.writeUTF(f.descriptor());
                }
            }

            if (info.hasStaticInitializer) {
                out.writeUTF("<clinit>");
                out.writeInt(Modifier.STATIC);
                out.writeUTF("()V");
            }

            constructors.sort(CONSTRUCTORS_BY_DESCRIPTOR);
            writeMethods(out, constructors);
            methods.sort(METHODS_BY_NAME_AND_DESCRIPTOR);
            writeMethods(out, methods);
            out.flush();

            byte[] sha = Sha1.digest(bytes.toByteArray());
            long hash = 0;
            for (int i = Math.min(sha.length, 8) - 1; i >= 0; i--) {
                hash = (hash << 8) | (sha[i] & 0xFF);
            }
            return hash;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeMethods(final DataOutputStream out, final List<ClassInfo.Method> methods)
            throws IOException {
        for (ClassInfo.Method m : methods) {
            int mods = m.access() & METHOD_MODS;
            if ((mods & Modifier.PRIVATE) == 0) {
                out.writeUTF(m.name());
                out.writeInt(mods);
                out.writeUTF(m.descriptor().replace('/', '.'));
            }
        }
    }
}
