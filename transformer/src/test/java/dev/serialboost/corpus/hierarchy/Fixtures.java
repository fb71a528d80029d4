package dev.serialboost.corpus.hierarchy;

import dev.serialboost.corpus.Fixture;

import java.util.ArrayList;
import java.util.List;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class DeepHierarchyCase extends Fixture {
        @Override
        public Object get() {
            Level3 peer = new Level3(100, "peer");
            Level5 five = new Level5(1, "five", peer);
            Level4 four = new Level4(50, "four", five);
            List<Level1> all = new ArrayList<>();
            all.add(five);
            all.add(four);
            all.add(peer);
            all.add(new Level2(7, "two"));
            return all;
        }

        @Override
        public String apply(final Object copy) {
            @SuppressWarnings("unchecked")
            List<Level1> all = (List<Level1>) copy;
            Level5 five = (Level5) all.get(0);
            return all(check(five.level5A() == 1 && five.level4A() == 2 && five.level3A() == 3
                            && five.level2A() == 4 && five.level1A() == 5, "same-named private fields mixed up"));
        }
    }

    public static final class CountingBaseCase extends Fixture {
        @Override
        public Object get() {
            CountingChild tail = new CountingChild(2, "tail", null);
            CountingChild head = new CountingChild(1, "head", tail);
            return new Object[] {head, tail, new CountingChild(3, null, head)};
        }

        @Override
        public String apply(final Object copy) {
            return check(CountingBase.created == 300 + 3, "the base's no-arg constructor ran "
                    + (CountingBase.created - 300) + " times on read, expected 3");
        }
    }

    public static final class ProtectedCtorCase extends Fixture {
        @Override
        public Object get() {
            return new ProtectedCtorChild[] {new ProtectedCtorChild(1.5), new ProtectedCtorChild(-2.25)};
        }
    }

    public static final class PackageCtorCase extends Fixture {
        @Override
        public Object get() {
            return new PackageCtorChild(99L, "pkg");
        }
    }

    public static final class PackageCtorElsewhereCase extends Fixture {
        @Override
        public Object get() {
            return new PackageCtorElsewhereChild(5);
        }
    }

    public static final class NoNoArgCase extends Fixture {
        @Override
        public Object get() {
            return new NoNoArgChild(5);
        }
    }

    public static final class PrivateCtorBaseCase extends Fixture {
        @Override
        public Object get() {
            return new PrivateCtorBaseChild("v");
        }
    }

    public static final class TwoLevelChainCase extends Fixture {
        @Override
        public Object get() {
            return new ChainChild[] {new ChainChild(1), new ChainGrandChild(2)};
        }

        @Override
        public String apply(final Object copy) {
            return check(MidBase.midConstructed == 2, "MidBase() ran " + MidBase.midConstructed + " times, expected 2");
        }
    }

    public static final class CounterMapCase extends Fixture {
        @Override
        public Object get() {
            return new CounterMap(new String[] {"a", "b"}, new int[] {1, 2});
        }

        @Override
        public String apply(final Object copy) {
            CounterMap m = (CounterMap) copy;
            return check(m.size() == 2 && m.get("b") == 2, "map contents lost");
        }
    }

    public static final class CrossPackageCase extends Fixture {
        @Override
        public Object get() {
            return new CrossPackageChild(4, "child");
        }

        @Override
        public String apply(final Object copy) {
            return check(((CrossPackageChild) copy).packageValue() == 4, "superclass package-private field lost");
        }
    }
}
