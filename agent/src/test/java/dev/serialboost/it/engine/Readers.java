package dev.serialboost.it.engine;

import dev.serialboost.it.engine.model.Point;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.StreamCorruptedException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The ways the engine tests read a stream: a plain {@code ObjectInputStream} (the class itself, not a subclass:
 * the case an engine may speed up most), the same with a recording per-stream filter, and one subclass per
 * overridable hook ({@code resolveClass}, {@code readClassDescriptor}, {@code resolveObject},
 * {@code resolveProxyClass}), each recording its calls, plus the readers that match the writers of
 * {@link Writers}.
 */
public final class Readers {

    /** How the objects of a stream were written, hence how they are read back. */
    public enum Style {
        /** {@code readObject} for each. */
        OBJECTS,
        /** {@code readObject} for each; written by {@link Writers.AnnotatingOut}, also read by {@link AnnotationIn}. */
        ANNOTATED,
        /** Pairs written {@code writeUnshared}, {@code writeObject}: read {@code readUnshared}, {@code readObject}. */
        UNSHARED_PAIRS,
        /** {@code readUnshared} for each. */
        UNSHARED,
        /** Class descriptors as names only ({@link Writers.NameOnlyOut}): only {@link NameOnlyIn} reads them. */
        NAME_ONLY,
        /** Class descriptors after a marker ({@link Writers.MarkedOut}): only {@link MarkedIn} reads them. */
        MARKED
    }

    /** Opens a stream for reading; {@link Opened#log()} gives what it recorded. */
    @FunctionalInterface
    public interface Opener {
        Opened open(InputStream in) throws IOException;
    }

    /** An opened stream and its record. */
    public interface Opened {
        ObjectInputStream stream();

        /** What the reader recorded, as text for the report; empty for the plain reader. */
        String log();
    }

    /** A named way of reading. */
    public record Variant(String name, Opener opener) {
    }

    private Readers() {
    }

    /** The variants every stream written in one of the general styles is read with. */
    public static List<Variant> general() {
        return List.of(plain(), new Variant("filter", in -> filtered(in, FilterLog.recording())),
                new Variant("resolveClass", ResolveClassIn::new), new Variant("readClassDescriptor", DescriptorIn::new),
                new Variant("resolveObject", ResolveObjectIn::new), new Variant("resolveProxyClass", ProxyIn::new));
    }

    /** {@code new ObjectInputStream(in)}, nothing else. */
    public static Variant plain() {
        return new Variant("plain", in -> {
            ObjectInputStream s = new ObjectInputStream(in);
            return new Simple(s, () -> "");
        });
    }

    /** A plain {@code ObjectInputStream} with {@code filter} as its own filter. */
    public static Opened filtered(final InputStream in, final FilterLog filter) throws IOException {
        ObjectInputStream s = new ObjectInputStream(in);
        s.setObjectInputFilter(filter);
        return new Simple(s, filter::calls);
    }

    /** The variants for a stream of {@code style}. */
    public static List<Variant> forStyle(final Style style) {
        return switch (style) {
            case NAME_ONLY -> List.of(new Variant("nameOnly", NameOnlyIn::new));
            case MARKED -> List.of(new Variant("marked", MarkedIn::new));
            case ANNOTATED -> {
                List<Variant> all = new ArrayList<>(general());
                all.add(new Variant("annotations", AnnotationIn::new));
                yield all;
            }
            default -> general();
        };
    }

    /**
     * Reads {@code count} objects of {@code style} with {@code variant}: {@code ok digest=... [log]} or
     * {@code failed after N objects: EXCEPTION digest=... [log]}; the plain variant's graph lines go to
     * {@code graph} when it is not null.
     */
    public static String read(final byte[] bytes, final int count, final Style style, final Variant variant,
                              final List<String> graph) {
        List<Object> objects = new ArrayList<>();
        String failure = null;
        Opened opened = null;
        try {
            opened = variant.opener().open(new ByteArrayInputStream(bytes));
            ObjectInputStream in = opened.stream();
            for (int i = 0; i < count; i++) {
                boolean unshared = style == Style.UNSHARED || style == Style.UNSHARED_PAIRS && i % 2 == 0;
                objects.add(unshared ? in.readUnshared() : in.readObject());
            }
        } catch (Throwable e) {
            failure = Digests.exception(e);
        }
        Object[] read = objects.toArray();
        if (graph != null) {
            try {
                graph.addAll(Digests.graphLines(read));
            } catch (RuntimeException e) {
                graph.add("digest-failed " + Digests.exception(e));
            }
        }
        String log = opened == null ? "" : opened.log();
        return (failure == null ? "ok " : "failed after " + objects.size() + " objects: " + failure + " ")
                + Digests.graph(read) + (log.isEmpty() ? "" : " " + log);
    }

    private record Simple(ObjectInputStream stream, Supplier<String> logs) implements Opened {
        @Override
        public String log() {
            return logs.get();
        }
    }

    /** Base of the recording subclasses: overrides nothing itself. */
    abstract static class Recording extends ObjectInputStream implements Opened {
        final List<String> calls = new ArrayList<>();

        Recording(final InputStream in) throws IOException {
            super(in);
        }

        @Override
        public ObjectInputStream stream() {
            return this;
        }

        @Override
        public String log() {
            return "calls=" + calls.size() + " [" + String.join(" ", calls) + "]";
        }
    }

    /** Overrides {@code resolveClass}: records the name, then the JDK's resolution. */
    public static final class ResolveClassIn extends Recording {
        public ResolveClassIn(final InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            calls.add(desc.getName());
            return super.resolveClass(desc);
        }
    }

    /** Overrides {@code readClassDescriptor}: the JDK's, then records name, UID and fields of what it read. */
    public static final class DescriptorIn extends Recording {
        public DescriptorIn(final InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected ObjectStreamClass readClassDescriptor() throws IOException, ClassNotFoundException {
            ObjectStreamClass desc = super.readClassDescriptor();
            calls.add(describe(desc));
            return desc;
        }
    }

    /** Overrides {@code resolveObject}: records each object's class and swaps two kinds of objects. */
    public static final class ResolveObjectIn extends Recording {
        public ResolveObjectIn(final InputStream in) throws IOException {
            super(in);
            enableResolveObject(true);
        }

        @Override
        protected Object resolveObject(final Object obj) {
            calls.add(Digests.typeName(obj.getClass()));
            if ("swap-me".equals(obj)) {
                return "swapped-by-reader";
            }
            if (obj instanceof Point p) {
                return new Point(p.y(), p.x());
            }
            return obj;
        }
    }

    /** Overrides {@code resolveProxyClass}: records the interfaces, then the JDK's resolution. */
    public static final class ProxyIn extends Recording {
        public ProxyIn(final InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveProxyClass(final String[] interfaces) throws IOException, ClassNotFoundException {
            calls.add(Arrays.toString(interfaces).replace(" ", ""));
            Class<?> c = super.resolveProxyClass(interfaces);
            if (!Proxy.isProxyClass(c)) {
                throw new IllegalStateException("not a proxy class: " + c);
            }
            return c;
        }
    }

    /** Reads what {@link Writers.AnnotatingOut#annotateClass} wrote, in {@code resolveClass}, and records it. */
    public static final class AnnotationIn extends Recording {
        public AnnotationIn(final InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            calls.add(readUTF() + "#" + readInt());
            return super.resolveClass(desc);
        }

        @Override
        protected Class<?> resolveProxyClass(final String[] interfaces) throws IOException, ClassNotFoundException {
            calls.add(readUTF());
            return super.resolveProxyClass(interfaces);
        }
    }

    /** Reads class descriptors written by {@link Writers.NameOnlyOut}: a name, the local descriptor of it. */
    public static final class NameOnlyIn extends Recording {
        private static final Map<String, Class<?>> PRIMITIVES = Map.of("int", int.class, "long", long.class,
                "void", void.class, "boolean", boolean.class, "byte", byte.class, "char", char.class,
                "short", short.class, "float", float.class, "double", double.class);

        public NameOnlyIn(final InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected ObjectStreamClass readClassDescriptor() throws IOException, ClassNotFoundException {
            String name = readUTF();
            calls.add(name);
            Class<?> c = PRIMITIVES.get(name);
            return ObjectStreamClass.lookupAny(c != null ? c : Class.forName(name, false,
                    Readers.class.getClassLoader()));
        }
    }

    /** Reads class descriptors written by {@link Writers.MarkedOut}: a marker and a field count first. */
    public static final class MarkedIn extends Recording {
        public MarkedIn(final InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected ObjectStreamClass readClassDescriptor() throws IOException, ClassNotFoundException {
            int marker = readByte();
            int fields = readInt();
            if (marker != Writers.MARKER) {
                throw new StreamCorruptedException("marker " + marker);
            }
            ObjectStreamClass desc = super.readClassDescriptor();
            calls.add(desc.getName() + "/" + fields);
            return desc;
        }
    }

    /** {@code NAME#UID(field:type, ...)}. */
    static String describe(final ObjectStreamClass desc) {
        StringBuilder s = new StringBuilder(Digests.normalise(desc.getName())).append('#')
                .append(desc.getSerialVersionUID()).append('(');
        ObjectStreamField[] fields = desc.getFields();
        for (int i = 0; i < fields.length; i++) {
            s.append(i == 0 ? "" : ",").append(fields[i].getName()).append(':').append(fields[i].getTypeString() == null
                    ? String.valueOf(fields[i].getTypeCode()) : fields[i].getTypeString());
            if (fields[i].isUnshared()) {
                s.append(":unshared");
            }
        }
        return s.append(')').toString();
    }
}
