package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.ClassInfo;
import dev.serialboost.transformer.kit.ClassFileSource;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ClassInfo#parse} reads what ASM's {@code ClassReader.accept} reports (with {@code SKIP_CODE | SKIP_DEBUG})
 * of fields, and finds the special serialization methods among the methods and whether one is named like those
 * serialboost adds, for every class file of several packages of the JDK (nested, anonymous, synthetic-member and
 * serializable classes with their own {@code writeObject}/{@code readObject} among them) and of this module's
 * fixtures, apart from the pseudo flags ASM derives from attributes. (A converted class file, whose methods are named
 * so: {@code ClassConverterTest}.)
 */
class ClassInfoTest {

    /** Access flags of the class file format; ASM's pseudo flags (deprecated, record) are above them. */
    private static final int CLASS_FILE_FLAGS = 0xFFFF;

    @Test
    void readsWhatAsmsVisitorReports() throws IOException {
        List<byte[]> files = new ArrayList<>();
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        for (String dir : new String[] {"java.base/java/util", "java.base/java/io", "java.base/java/time",
            "java.base/java/lang", "java.sql/java/sql"}) {
            try (Stream<Path> paths = Files.walk(jrt.getPath("/modules/" + dir))) {
                for (Path p : (Iterable<Path>) paths::iterator) {
                    if (p.toString().endsWith(".class")) {
                        files.add(Files.readAllBytes(p));
                    }
                }
            }
        }
        for (Class<?> c : dev.serialboost.fixtures.Fixtures.class.getDeclaredClasses()) {
            files.add(ClassFileSource.of(getClass().getClassLoader()).read(c.getName().replace('.', '/')));
        }
        assertTrue(files.size() > 1000, files.size() + " class files");
        int custom = 0;
        for (byte[] file : files) {
            ClassInfo info = ClassInfo.parse(file);
            assertEquals(reference(file), describe(info), info.name);
            custom += info.writeObject != null && info.readObject != null ? 1 : 0;
        }
        assertTrue(custom > 30, custom + " classes with both writeObject and readObject");
    }

    private static String describe(final ClassInfo info) {
        StringBuilder s = new StringBuilder();
        s.append(info.name).append(" extends ").append(info.superName).append(" implements ").append(info.interfaces)
                .append(" access ").append(info.access & CLASS_FILE_FLAGS)
                .append(" version ").append(info.majorVersion).append('\n');
        for (ClassInfo.Field f : info.fields) {
            s.append("field ").append(f.name()).append(' ').append(f.descriptor()).append(' ')
                    .append(f.access() & CLASS_FILE_FLAGS).append('\n');
        }
        s.append("method named ").append(ClassInfo.MEMBER_PREFIX).append(": ").append(info.prefixedMethod)
                .append('\n');
        for (ClassInfo.Method m : new ClassInfo.Method[] {info.writeObject, info.readObject, info.readObjectNoData}) {
            if (m != null) {
                s.append("special ").append(m.name()).append(m.descriptor()).append(' ')
                        .append(m.access() & CLASS_FILE_FLAGS).append('\n');
            }
        }
        return s.toString();
    }

    /** The same description from ASM's visitor: the special methods are those named and typed as the JDK calls them. */
    private static String reference(final byte[] file) {
        StringBuilder head = new StringBuilder();
        StringBuilder members = new StringBuilder();
        StringBuilder fields = new StringBuilder();
        String[] special = new String[3];
        boolean[] prefixed = {false};
        new ClassReader(file).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visit(final int v, final int a, final String n, final String signature, final String s,
                              final String[] i) {
                head.append(n).append(" extends ").append(s).append(" implements ")
                        .append(List.of(i == null ? new String[0] : i)).append(" access ")
                        .append(a & CLASS_FILE_FLAGS).append(" version ").append(v & 0xFFFF).append('\n');
            }

            @Override
            public FieldVisitor visitField(final int a, final String n, final String d, final String signature,
                                           final Object value) {
                fields.append("field ").append(n).append(' ').append(d).append(' ')
                        .append(a & ~Opcodes.ACC_DEPRECATED & CLASS_FILE_FLAGS).append('\n');
                return null;
            }

            @Override
            public MethodVisitor visitMethod(final int a, final String n, final String d, final String signature,
                                             final String[] exceptions) {
                String line = n + d + ' ' + (a & ~Opcodes.ACC_DEPRECATED & CLASS_FILE_FLAGS) + '\n';
                prefixed[0] |= n.startsWith("$sb$");
                int which = List.of("writeObject(Ljava/io/ObjectOutputStream;)V",
                        "readObject(Ljava/io/ObjectInputStream;)V", "readObjectNoData()V").indexOf(n + d);
                if (which >= 0) {
                    special[which] = "special " + line;
                }
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        members.append("method named $sb$: ").append(prefixed[0]).append('\n');
        for (String line : special) {
            if (line != null) {
                members.append(line);
            }
        }
        return head.append(fields).append(members).toString();
    }
}
