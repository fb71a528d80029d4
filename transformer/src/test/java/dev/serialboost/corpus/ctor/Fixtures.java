package dev.serialboost.corpus.ctor;

import dev.serialboost.corpus.Fixture;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class TransientInitImplicitCase extends Fixture {
        @Override
        public Object get() {
            TransientInitImplicit t = new TransientInitImplicit();
            t.kept = 8;
            t.x = 6;
            return t;
        }

        @Override
        public String apply(final Object copy) {
            TransientInitImplicit t = (TransientInitImplicit) copy;
            return check(t.x == 0 && t.s == null && t.kept == 8, "transient fields not at their defaults");
        }
    }

    public static final class TransientInitArgsCase extends Fixture {
        @Override
        public Object get() {
            TransientInitArgs t = new TransientInitArgs(3);
            t.name = "changed";
            return new TransientInitArgs[] {t, new TransientInitArgs(4)};
        }

        @Override
        public String apply(final Object copy) {
            TransientInitArgs t = ((TransientInitArgs[]) copy)[0];
            return check(t.x == 0 && t.big == 0 && t.cache == null && !t.ready && t.y == 3 && "changed".equals(t.name),
                    "transient initializers ran on read or data lost");
        }
    }

    public static final class TransientCtorAssignedCase extends Fixture {
        @Override
        public Object get() {
            return new TransientCtorAssigned(12, "label");
        }
    }

    public static final class TrivialPublicCtorCase extends Fixture {
        @Override
        public Object get() {
            TrivialPublicCtor t = new TrivialPublicCtor();
            t.count = 3;
            t.text = "three";
            return t;
        }
    }

    public static final class TrivialPrivateCtorCase extends Fixture {
        @Override
        public Object get() {
            return new Object[] {TrivialPrivateCtor.of(1, "one"), TrivialPrivateCtor.of(2, null)};
        }
    }

    public static final class CtorSetsTransientCase extends Fixture {
        @Override
        public Object get() {
            CtorSetsTransient c = new CtorSetsTransient();
            c.value = 4;
            return c;
        }

        @Override
        public String apply(final Object copy) {
            return check(((CtorSetsTransient) copy).cache == null, "the no-arg constructor ran on read");
        }
    }

    public static final class CtorCountsInstancesCase extends Fixture {
        @Override
        public Object get() {
            CtorCountsInstances c = new CtorCountsInstances();
            c.value = 5;
            return new Object[] {c, new CtorCountsInstances()};
        }

        @Override
        public String apply(final Object copy) {
            return check(CtorCountsInstances.instances == 2, "the no-arg constructor ran on read");
        }
    }

    public static final class CtorAssignsConstantsCase extends Fixture {
        @Override
        public Object get() {
            CtorAssignsConstants c = new CtorAssignsConstants();
            c.count = -1;
            c.name = null;
            c.ratio = 2.75;
            c.flag = false;
            c.nothing = "something";
            return new CtorAssignsConstants[] {c, new CtorAssignsConstants()};
        }

        @Override
        public String apply(final Object copy) {
            CtorAssignsConstants c = ((CtorAssignsConstants[]) copy)[0];
            return check(c.count == -1 && c.name == null && c.ratio == 2.75 && !c.flag && "something".equals(c.nothing),
                    "constructor constants survived the read");
        }
    }

    public static final class SuperCtorCodeCase extends Fixture {
        @Override
        public Object get() {
            return new SubOfCtorCode("sub");
        }

        @Override
        public String apply(final Object copy) {
            return check(SuperWithCtorCode.constructed == 1, "a serializable class's constructor ran on read");
        }
    }

    public static final class PrivateCtorParentCase extends Fixture {
        @Override
        public Object get() {
            return new PrivateCtorParentChild(6, "child");
        }
    }

    public static final class DelegatingCtorCase extends Fixture {
        @Override
        public Object get() {
            DelegatingCtor d = new DelegatingCtor(8);
            return d;
        }

        @Override
        public String apply(final Object copy) {
            return check(DelegatingCtor.made == 1, "a delegated constructor ran on read");
        }
    }

    public static final class SuperArgsCtorCase extends Fixture {
        @Override
        public Object get() {
            SuperArgsCtor s = new SuperArgsCtor();
            s.own = 3;
            return s;
        }

        @Override
        public String apply(final Object copy) {
            SuperArgsCtor s = (SuperArgsCtor) copy;
            return check(ArgsBase.argRuns == 1 && ArgsBase.noArgRuns == 1 && s.baseNumber == 42,
                    "the wrong base constructor ran on read");
        }
    }
}
