package dev.serialboost.corpus.finals;

import dev.serialboost.corpus.Fixture;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class AllFinalsCase extends Fixture {
        @Override
        public Object get() {
            AllFinals one = new AllFinals(1, null);
            AllFinals two = new AllFinals(2, one);
            return new AllFinals[] {two, new AllFinals(3, two), one};
        }
    }

    public static final class FinalSuperCase extends Fixture {
        @Override
        public Object get() {
            FinalSuper root = new FinalSuper(1L, "root");
            FinalSub mid = new FinalSub(2L, "mid", 1, root);
            return new FinalSub(3L, "leaf", 2, mid);
        }

        @Override
        public String apply(final Object copy) {
            return check("leaf".equals(((FinalSub) copy).name()), "superclass final field lost");
        }
    }
}
