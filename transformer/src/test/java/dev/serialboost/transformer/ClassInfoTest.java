package dev.serialboost.transformer;

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
 * of fields, constant values, methods, the static initializer and the access flags of nested classes, for every
 * class file of several packages of the JDK (nested, anonymous, synthetic-member and constant-rich classes among
 * them) and of this module's fixtures, apart from the pseudo flags ASM derives from attributes.
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
        for (byte[] file : files) {
            ClassInfo info = ClassInfo.parse(file);
            assertEquals(reference(file), describe(info), info.name);
        }
    }

    private static String describe(final ClassInfo info) {
        StringBuilder s = new StringBuilder();
        s.append(info.name).append(" extends ").append(info.superName).append(" implements ").append(info.interfaces)
                .append(" access ").append(info.access & CLASS_FILE_FLAGS)
                .append(" reflected ").append(info.reflectedAccess & CLASS_FILE_FLAGS)
                .append(" version ").append(info.majorVersion).append(" clinit ").append(info.hasStaticInitializer)
                .append('\n');
        for (ClassInfo.Field f : info.fields) {
            s.append("field ").append(f.name()).append(' ').append(f.descriptor()).append(' ')
                    .append(f.access() & CLASS_FILE_FLAGS).append(" = ").append(constant(f.constantValue()))
                    .append('\n');
        }
        for (ClassInfo.Method m : info.methods) {
            s.append("method ").append(m.name()).append(m.descriptor()).append(' ')
                    .append(m.access() & CLASS_FILE_FLAGS).append('\n');
        }
        return s.toString();
    }

    private static String constant(final Object value) {
        return value == null ? "none" : value.getClass().getSimpleName() + ":" + value;
    }

    /** The same description from ASM's visitor, as {@code ClassInfo} was read before. */
    private static String reference(final byte[] file) {
        StringBuilder head = new StringBuilder();
        StringBuilder members = new StringBuilder();
        StringBuilder fields = new StringBuilder();
        new ClassReader(file).accept(new ClassVisitor(Opcodes.ASM9) {
            private String name;
            private String superName;
            private List<String> interfaces;
            private int access;
            private int reflected;
            private int version;
            private boolean clinit;

            @Override
            public void visit(final int v, final int a, final String n, final String signature, final String s,
                              final String[] i) {
                version = v & 0xFFFF;
                access = a;
                reflected = a;
                name = n;
                superName = s;
                interfaces = List.of(i == null ? new String[0] : i);
            }

            @Override
            public void visitInnerClass(final String inner, final String outer, final String simple, final int a) {
                if (inner.equals(name)) {
                    reflected = a;
                }
            }

            @Override
            public FieldVisitor visitField(final int a, final String n, final String d, final String signature,
                                           final Object value) {
                fields.append("field ").append(n).append(' ').append(d).append(' ')
                        .append(a & ~Opcodes.ACC_DEPRECATED & CLASS_FILE_FLAGS).append(" = ").append(constant(value))
                        .append('\n');
                return null;
            }

            @Override
            public MethodVisitor visitMethod(final int a, final String n, final String d, final String signature,
                                             final String[] exceptions) {
                members.append("method ").append(n).append(d).append(' ')
                        .append(a & ~Opcodes.ACC_DEPRECATED & CLASS_FILE_FLAGS).append('\n');
                clinit |= n.equals("<clinit>");
                return null;
            }

            @Override
            public void visitEnd() {
                head.append(name).append(" extends ").append(superName).append(" implements ").append(interfaces)
                        .append(" access ").append(access & CLASS_FILE_FLAGS)
                        .append(" reflected ").append(reflected & CLASS_FILE_FLAGS)
                        .append(" version ").append(version).append(" clinit ").append(clinit).append('\n');
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return head.append(fields).append(members).toString();
    }
}
