package dev.serialboost.corpus.legacy;

import dev.serialboost.corpus.Fixture;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class LegacyCase extends Fixture {
        @Override
        public Object get() {
            LegacyPoint p = new LegacyPoint();
            p.x = 1;
            p.y = -2.5;
            p.label = "p";
            p.cache = 9;
            LegacyPoint q = new LegacyPoint();
            q.next = p;
            p.next = q;
            return new Object[] {new LegacyFinal(4L, "final"), new LegacyChild(5L, 'B', p), q};
        }
    }
}
