package dev.serialboost.corpus.nested;

import dev.serialboost.corpus.Fixture;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class InnerClassCase extends Fixture {
        @Override
        public Object get() {
            Outer outer = new Outer(7, "outer");
            Outer.Inner a = outer.inner(1);
            Outer.Inner b = outer.inner(2);
            a.link(b);
            b.link(a);
            return new Object[] {a, b, outer.hidden()};
        }

        @Override
        public String apply(final Object copy) {
            Outer.Inner a = (Outer.Inner) ((Object[]) copy)[0];
            return check("outer:7:1".equals(a.describe()), "inner/outer state wrong: " + a.describe());
        }
    }

    public static final class AnonymousCase extends Fixture {
        @Override
        public Object get() {
            return new AnonBase[] {Anonymous.anonymous(2), Anonymous.anonymous(3)};
        }

        @Override
        public String apply(final Object copy) {
            AnonBase a = ((AnonBase[]) copy)[0];
            // captured = 6, extra = 7, seed = 2, "captured-2".length() = 10
            return check(a.compute() == 25, "anonymous class computes " + a.compute());
        }
    }

    public static final class LocalClassCase extends Fixture {
        @Override
        public Object get() {
            return Anonymous.local(4);
        }

        @Override
        public String apply(final Object copy) {
            AnonBase a = (AnonBase) copy;
            return check(a.compute() == 44, "local class computes " + a.compute());
        }
    }

    public static final class LambdaCase extends Fixture {
        @Override
        public Object get() {
            return new LambdaHolder[] {new LambdaHolder(3), new LambdaHolder(4)};
        }

        /**
         * Lambda classes are hidden classes whose names differ between loaders, so the graph comparison
         * cannot look at them: apply the lambda here, record the result, and drop it.
         */
        @Override
        public String apply(final Object copy) {
            for (LambdaHolder h : (LambdaHolder[]) copy) {
                if (h.op == null) {
                    return "lambda lost";
                }
                h.applied = h.op.applyAsInt(10);
                h.op = null;
            }
            LambdaHolder first = ((LambdaHolder[]) copy)[0];
            return check(first.applied == 34, "lambda computes " + first.applied);
        }
    }

    public static final class NestedModifiersCase extends Fixture {
        @Override
        public Object get() {
            return NestedModifiers.sample();
        }
    }

    public static final class PrivateInnerCase extends Fixture {
        @Override
        public Object get() {
            return new NestedModifiers.SerializableOwner().inner();
        }
    }
}
