package dev.serialboost.corpus.statics;

import dev.serialboost.corpus.Fixture;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class StaticsCase extends Fixture {
        @Override
        public Object get() {
            WithStatics a = new WithStatics(1);
            WithStatics.label = "changed";
            WithStatics b = new WithStatics(2);
            WithStatics.counter = 99;
            return new Object[] {a, b, new NonPrivateUid('\u20ac')};
        }

        @Override
        public String apply(final Object copy) {
            return all(check(WithStatics.counter == 99 && "changed".equals(WithStatics.label), "statics changed by reading"),
                    check(WithStatics.REGISTRY.size() == 2, "registry changed by reading"),
                    check(WithStatics.lastCreated != ((Object[]) copy)[1], "a static was set to the copy"));
        }
    }

    public static final class ComputedUidCase extends Fixture {
        @Override
        public Object get() {
            return new ComputedUid[] {new ComputedUid(3, "three"), new ComputedUid("named")};
        }
    }

    public static final class InstanceUidFieldCase extends Fixture {
        @Override
        public Object get() {
            return new InstanceUidField(77L, "instance-uid");
        }
    }

    public static final class StaticInitUidCase extends Fixture {
        @Override
        public Object get() {
            return new StaticInitUid(5);
        }
    }
}
