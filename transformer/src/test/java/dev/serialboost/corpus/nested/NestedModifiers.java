package dev.serialboost.corpus.nested;

import java.io.Serializable;

/**
 * Nested classes whose computed serialVersionUID depends on the modifiers the JDK sees
 * ({@code Class.getModifiers()}, i.e. the InnerClasses attribute) rather than the class-file header:
 * javac writes a protected nested class as ACC_PUBLIC and a private one as package-private.
 * None declares a serialVersionUID.
 */
public class NestedModifiers {

    private static class PrivateNested implements Serializable {
        private int a;
        private String b;

        PrivateNested(final int a) {
            this.a = a;
            this.b = "private" + a;
        }

        public int a() {
            return a;
        }
    }

    protected static class ProtectedNested implements Serializable {
        protected long value;

        protected ProtectedNested(final long value) {
            this.value = value;
        }

        protected void bump() {
            value++;
        }
    }

    static final class PackageNested implements Serializable {
        double d;
    }

    public abstract static class PublicAbstractNested implements Serializable {
        public int shared;
    }

    protected static final class ProtectedFinalNested extends PublicAbstractNested {
        private final char mark;

        ProtectedFinalNested(final char mark) {
            this.mark = mark;
        }
    }

    /** The graph for the nested-modifiers case (built here: the nested classes are not visible elsewhere). */
    static Object[] sample() {
        PackageNested p = new PackageNested();
        p.d = 1.25;
        ProtectedFinalNested f = new ProtectedFinalNested('q');
        f.shared = 12;
        return new Object[] {new PrivateNested(4), new ProtectedNested(5L), p, f, new PackagePrivateShape(6)};
    }

    /** NestedModifiers itself is not serializable; this owner is, so its private inner instance can be written. */
    public static final class SerializableOwner implements Serializable {
        private static final long serialVersionUID = 65L;
        private final String ownerName = "owner";

        private class OwnedInner implements Serializable {
            private int n = ownerName.length();
        }

        Object inner() {
            return new OwnedInner();
        }
    }
}
