package dev.serialboost.corpus.wide;

import dev.serialboost.corpus.Fixture;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class WideMixedCase extends Fixture {
        @Override
        public Object get() {
            return new WideMixed[] {WideMixed.filled(1), WideMixed.filled(2)};
        }
    }

    public static final class WidePrimitiveCase extends Fixture {
        @Override
        public Object get() {
            return new WidePrimitive[] {WidePrimitive.filled(3), WidePrimitive.filled(4), new WidePrimitive()};
        }
    }
}
