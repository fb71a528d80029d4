package dev.serialboost.it.engine;

import dev.serialboost.it.engine.model.Point;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/** {@code ObjectOutputStream} subclasses overriding the hooks a writer may override, each recording its calls. */
public final class Writers {

    /** What {@link MarkedOut} writes before each class descriptor. */
    static final int MARKER = 0x5a;

    private Writers() {
    }

    /** Base of the recording subclasses: overrides nothing itself. */
    abstract static class Recording extends ObjectOutputStream {
        final List<String> calls = new ArrayList<>();

        Recording(final OutputStream out) throws IOException {
            super(out);
        }

        String log() {
            return "calls=" + calls.size() + " [" + String.join(" ", calls) + "]";
        }
    }

    /**
     * Overrides {@code annotateClass} and {@code annotateProxyClass} (writing a text and a counter) and
     * {@code replaceObject} (recording every object, swapping two kinds of objects).
     */
    public static final class AnnotatingOut extends Recording {
        private int annotations;

        public AnnotatingOut(final OutputStream out) throws IOException {
            super(out);
            enableReplaceObject(true);
        }

        @Override
        protected void annotateClass(final Class<?> cl) throws IOException {
            calls.add("annotate:" + Digests.typeName(cl));
            writeUTF("ann:" + Digests.typeName(cl));
            writeInt(annotations++);
        }

        @Override
        protected void annotateProxyClass(final Class<?> cl) throws IOException {
            calls.add("annotateProxy:" + Digests.typeName(cl));
            writeUTF("proxy:" + Digests.typeName(cl));
        }

        @Override
        protected Object replaceObject(final Object obj) {
            calls.add(Digests.typeName(obj.getClass()));
            if ("swap-me".equals(obj)) {
                return "swapped-by-writer";
            }
            if (obj instanceof Point p) {
                return new Point(-p.x(), -p.y());
            }
            return obj;
        }
    }

    /** Overrides {@code writeClassDescriptor}: the class name only (readers look the class up locally). */
    public static final class NameOnlyOut extends Recording {
        public NameOnlyOut(final OutputStream out) throws IOException {
            super(out);
        }

        @Override
        protected void writeClassDescriptor(final ObjectStreamClass desc) throws IOException {
            calls.add(Digests.normalise(desc.getName()));
            writeUTF(desc.getName());
        }
    }

    /** Overrides {@code writeClassDescriptor}: a marker and the field count, then the JDK's descriptor. */
    public static final class MarkedOut extends Recording {
        public MarkedOut(final OutputStream out) throws IOException {
            super(out);
        }

        @Override
        protected void writeClassDescriptor(final ObjectStreamClass desc) throws IOException {
            calls.add(Readers.describe(desc));
            writeByte(MARKER);
            writeInt(desc.getFields().length);
            super.writeClassDescriptor(desc);
        }
    }
}
