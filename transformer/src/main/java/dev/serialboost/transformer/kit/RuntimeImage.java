package dev.serialboost.transformer.kit;

import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The runtime as the agent installs it, made when the agent is built: each runtime class file moved into {@code
 * java.io} ({@link RuntimeLocation}), made package-private there unless marked {@code @ApplicationFacing} (its classes
 * are public only so that the runtime's packages can call each other when compiled; installed, they share one
 * package), and listed in the order the JVM can define them (each after the runtime classes it extends or
 * implements). The agent jar carries the result under {@link #DIRECTORY}, so start-up defines the classes without
 * parsing or rewriting them (doing both at start-up cost about 13 ms, measured on JDK 17: the relocation interpreted,
 * and ASM's class reader loading for the order).
 *
 * <p>{@code java -cp ... dev.serialboost.transformer.kit.RuntimeImage OUTPUT_DIR} writes the image of the runtime on
 * the class path into {@code OUTPUT_DIR} (the agent's build runs it on its class output directory).
 */
public final class RuntimeImage {

    /**
     * Where the agent jar keeps the image: one class file per runtime class, named by its binary name and {@link
     * #SUFFIX}.
     */
    public static final String DIRECTORY = "META-INF/serialboost/runtime/";
    /**
     * The image's class files end so, not {@code .class}: the agent's build (its shade step) would rename and rewrite
     * anything that ends {@code .class} as a class of the agent's own.
     */
    public static final String SUFFIX = ".bin";
    /** The image's index: the binary names of its classes, one a line, in the order they are to be defined. */
    public static final String INDEX = DIRECTORY + "classes.txt";

    /** The annotation that keeps a runtime class public once installed. */
    private static final String APPLICATION_FACING = "L" + RuntimeLocation.SOURCE + "ApplicationFacing;";
    /** A class whose file is read to find the runtime on a class path. */
    private static final String PROBE = RuntimeLocation.SOURCE + "engine/Engine.class";

    /** One class of the image: its binary name once installed, and its class file. */
    public record Entry(String binaryName, byte[] classFile) {
    }

    private RuntimeImage() {
    }

    /** Writes the image of the runtime on this class's class path into the directory {@code args[0]}. */
    public static void main(final String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: RuntimeImage OUTPUT_DIR");
        }
        write(build(read(runtimeLocation())), Path.of(args[0]));
    }

    /** Where this class's class loader finds the runtime: a jar or a directory of class files. */
    public static Path runtimeLocation() throws IOException {
        URL probe = RuntimeImage.class.getClassLoader().getResource(PROBE);
        if (probe == null) {
            throw new IOException("the class path has no runtime: no " + PROBE);
        }
        try {
            if (probe.getProtocol().equals("jar")) {
                String file = probe.getPath();
                return Path.of(new java.net.URI(file.substring(0, file.indexOf("!/"))));
            }
            Path path = Path.of(probe.toURI());
            for (int i = PROBE.split("/").length; i > 0; i--) {
                path = path.getParent();
            }
            return path;
        } catch (URISyntaxException e) {
            throw new IOException("cannot tell where the runtime is: " + probe, e);
        }
    }

    /** The runtime's class files in {@code location} (a jar or a class directory), by internal name. */
    public static Map<String, byte[]> read(final Path location) throws IOException {
        Map<String, byte[]> classes = new TreeMap<>();
        if (Files.isDirectory(location)) {
            Path root = location.resolve(RuntimeLocation.SOURCE);
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    String relative = location.relativize(file).toString().replace('\\', '/');
                    if (relative.endsWith(".class")) {
                        classes.put(relative.substring(0, relative.length() - 6), Files.readAllBytes(file));
                    }
                }
            }
        } else {
            try (JarFile jar = new JarFile(location.toFile(), false)) {
                for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                    JarEntry entry = entries.nextElement();
                    String name = entry.getName();
                    if (name.startsWith(RuntimeLocation.SOURCE) && name.endsWith(".class")) {
                        try (InputStream in = jar.getInputStream(entry)) {
                            classes.put(name.substring(0, name.length() - 6), in.readAllBytes());
                        }
                    }
                }
            }
        }
        if (classes.isEmpty()) {
            throw new IOException("no runtime classes in " + location);
        }
        return classes;
    }

    /**
     * The image of {@code classes} (internal name to class file): relocated, package-private unless application
     * facing, annotation types left out, in definition order.
     *
     * @throws IllegalStateException when two runtime classes would have one installed name, or a public class extends
     *                               one made package-private (whose public members it would make reachable)
     */
    public static List<Entry> build(final Map<String, byte[]> classes) {
        Map<String, ClassReader> readers = new TreeMap<>();
        Set<String> kept = new HashSet<>();
        Map<String, String> installedBy = new HashMap<>();
        for (Map.Entry<String, byte[]> e : classes.entrySet()) {
            ClassReader reader = new ClassReader(e.getValue());
            if ((reader.getAccess() & Opcodes.ACC_ANNOTATION) != 0) {
                continue;
            }
            String installed = RuntimeLocation.installedName(reader.getClassName());
            String before = installedBy.put(installed, reader.getClassName());
            if (before != null) {
                throw new IllegalStateException("two runtime classes install as " + installed + ": " + before
                        + " and " + reader.getClassName());
            }
            readers.put(reader.getClassName(), reader);
            if (marked(reader)) {
                kept.add(reader.getClassName());
            }
        }
        for (String name : readers.keySet()) {
            int dollar = name.indexOf('$');
            if (dollar > 0 && kept.contains(name.substring(0, dollar))) {
                kept.add(name); // nested in a class that stays public: as its own access says
            }
        }
        kept.removeIf(name -> (readers.get(name).getAccess() & Opcodes.ACC_PUBLIC) == 0);
        for (String name : kept) {
            ClassReader reader = readers.get(name);
            List<String> above = new ArrayList<>(List.of(reader.getInterfaces()));
            above.add(reader.getSuperName());
            for (String type : above) {
                if (readers.containsKey(type) && !kept.contains(type)) {
                    throw new IllegalStateException(name + " stays public once installed but extends " + type
                            + ", which does not: mark both @ApplicationFacing, or neither");
                }
            }
        }
        List<Entry> ordered = new ArrayList<>();
        Set<String> placed = new HashSet<>();
        for (String name : readers.keySet()) {
            place(name, readers, kept, placed, ordered);
        }
        return ordered;
    }

    /** Writes {@code image} under {@link #DIRECTORY} in {@code output}, with its {@link #INDEX}. */
    public static void write(final List<Entry> image, final Path output) throws IOException {
        Path directory = output.resolve(DIRECTORY);
        Files.createDirectories(directory);
        StringBuilder index = new StringBuilder();
        for (Entry entry : image) {
            Files.write(directory.resolve(entry.binaryName() + SUFFIX), entry.classFile());
            index.append(entry.binaryName()).append('\n');
        }
        Files.writeString(output.resolve(INDEX), index, StandardCharsets.UTF_8);
    }

    private static void place(final String name, final Map<String, ClassReader> readers, final Set<String> kept,
                              final Set<String> placed, final List<Entry> ordered) {
        ClassReader reader = readers.get(name);
        if (reader == null || !placed.add(name)) {
            return;
        }
        place(reader.getSuperName(), readers, kept, placed, ordered);
        for (String type : reader.getInterfaces()) {
            place(type, readers, kept, placed, ordered);
        }
        ClassWriter writer = new ClassWriter(0);
        reader.accept(new Demoting(writer, kept), 0);
        ordered.add(new Entry(RuntimeLocation.installedName(name).replace('/', '.'),
                RuntimeLocation.relocate(writer.toByteArray())));
    }

    private static boolean marked(final ClassReader reader) {
        boolean[] found = {false};
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public AnnotationVisitor visitAnnotation(final String descriptor, final boolean visible) {
                found[0] |= descriptor.equals(APPLICATION_FACING);
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return found[0];
    }

    /**
     * Takes {@code public} (and, on nested classes, {@code protected}) from every runtime class that does not stay
     * public, in its header and in every {@code InnerClasses} entry naming it, and drops the marking annotation.
     */
    private static final class Demoting extends ClassVisitor {

        private final Set<String> kept;

        Demoting(final ClassVisitor next, final Set<String> kept) {
            super(Opcodes.ASM9, next);
            this.kept = kept;
        }

        @Override
        public void visit(final int version, final int access, final String name, final String signature,
                          final String superName, final String[] interfaces) {
            super.visit(version, kept.contains(name) ? access : access & ~Opcodes.ACC_PUBLIC, name, signature,
                    superName, interfaces);
        }

        @Override
        public void visitInnerClass(final String name, final String outerName, final String innerName,
                                    final int access) {
            boolean runtime = name.startsWith(RuntimeLocation.SOURCE);
            super.visitInnerClass(name, outerName, innerName, !runtime || kept.contains(name) ? access
                    : access & ~(Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED));
        }

        @Override
        public AnnotationVisitor visitAnnotation(final String descriptor, final boolean visible) {
            return descriptor.equals(APPLICATION_FACING) ? null : super.visitAnnotation(descriptor, visible);
        }
    }
}
