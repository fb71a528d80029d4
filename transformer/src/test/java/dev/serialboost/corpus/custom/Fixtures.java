package dev.serialboost.corpus.custom;

import dev.serialboost.corpus.Fixture;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class CustomReadWriteCase extends Fixture {
        @Override
        public Object get() {
            return new CustomReadWrite[] {new CustomReadWrite(1), new CustomReadWrite(2)};
        }
    }

    public static final class NoDataOnlyCase extends Fixture {
        @Override
        public Object get() {
            return new NoDataOnly(5);
        }
    }

    public static final class PersistentFieldsCase extends Fixture {
        @Override
        public Object get() {
            return new PersistentFields(1, 2, "n");
        }
    }

    public static final class ConvertedParentCase extends Fixture {
        @Override
        public Object get() {
            return new ConvertedParent[] {new ConvertedParent(1, "one"), new ConvertedParent(2, null)};
        }
    }

    public static final class CustomChildCase extends Fixture {
        @Override
        public Object get() {
            return new CustomChild(3, 33L);
        }

        @Override
        public String apply(final Object copy) {
            return check(copy instanceof CustomChild c && c.childValue() == 33L && c.parentValue() == 3,
                    "CustomChild data lost");
        }
    }

    public static final class PersistentFieldsChildCase extends Fixture {
        @Override
        public Object get() {
            return new PersistentFieldsChild("kept");
        }

        @Override
        public String apply(final Object copy) {
            PersistentFieldsChild c = (PersistentFieldsChild) copy;
            return check("kept".equals(c.kept()) && c.notKept() == null && c.parentValue() == 1,
                    "serialPersistentFields not honoured");
        }
    }

    public static final class PlainChildOfCustomCase extends Fixture {
        @Override
        public Object get() {
            return new PlainChildOfCustom(1, "a", new PlainChildOfCustom(2, "b", null));
        }
    }

    public static final class DeclaresWriteExternalCase extends Fixture {
        @Override
        public Object get() {
            return new DeclaresWriteExternal(9);
        }

        @Override
        public String apply(final Object copy) {
            return check(DeclaresWriteExternal.ownWrites == 0, "the class's own writeExternal was called");
        }
    }

    public static final class NamedListCase extends Fixture {
        @Override
        public Object get() {
            NamedList list = new NamedList("names");
            list.add("x");
            list.add(null);
            list.add("z");
            return list;
        }

        @Override
        public String apply(final Object copy) {
            NamedList list = (NamedList) copy;
            return check(list.size() == 3 && "z".equals(list.get(2)), "list contents lost: " + list);
        }
    }

    public static final class DomainExceptionCase extends Fixture {
        @Override
        public Object get() {
            return new DomainException("boom", 42, "d1", "d2");
        }

        @Override
        public String apply(final Object copy) {
            return check("boom".equals(((DomainException) copy).getMessage()), "exception message lost");
        }
    }

    public static final class NonSerializableFieldCase extends Fixture {
        @Override
        public Object get() {
            return new HoldsNonSerializable(1, new HoldsNonSerializable.Opaque(2));
        }
    }

    public static final class PlainGrandChildCase extends Fixture {
        @Override
        public Object get() {
            return new PlainGrandChild("grand");
        }

        @Override
        public String apply(final Object copy) {
            PlainGrandChild c = (PlainGrandChild) copy;
            return check("grand".equals(c.grandValue()) && c.childValue() == 44L && c.parentValue() == 4,
                    "PlainGrandChild data lost");
        }
    }

    public static final class FullyCustomCase extends Fixture {
        @Override
        public Object get() {
            return new FullyCustom(3, "three");
        }
    }

    public static final class FieldsApiCase extends Fixture {
        @Override
        public Object get() {
            return new FieldsApi(4, "four");
        }
    }

    public static final class ValidatedCase extends Fixture {
        @Override
        public Object get() {
            return new Validated[] {new Validated(1, 5), new Validated(-3, 3)};
        }

        @Override
        public String apply(final Object copy) {
            Validated[] v = (Validated[]) copy;
            return check(v[0].width() == 4 && v[1].width() == 6, "readObject did not run");
        }
    }

    public static final class GuardedCase extends Fixture {
        @Override
        public Object get() {
            return new Guarded().add("a").add("b");
        }
    }

    /**
     * A custom level between converted levels, objects shared between default fields, custom data and other levels
     * (back-references both ways), and a cycle through the root.
     */
    public static final class CustomMiddleCase extends Fixture {
        @Override
        public Object get() {
            java.util.List<Object> shared = new java.util.ArrayList<>(java.util.List.of("s1", 2L));
            java.util.List<Object> extras = new java.util.ArrayList<>();
            CustomMiddleLeaf leaf = new CustomMiddleLeaf(shared, extras, shared);
            extras.add(shared);
            extras.add(leaf);
            extras.add(new CustomMiddle(9, leaf, 1.25, new java.util.ArrayList<>()));
            return new Object[] {leaf, shared, extras.get(2)};
        }

        @Override
        public String apply(final Object copy) {
            Object[] roots = (Object[]) copy;
            return all(check("middle/7".equals(((CustomMiddle) roots[0]).seenParent()),
                            "readObject ran before the superclass's fields were set"),
                    check("middle/9".equals(((CustomMiddle) roots[2]).seenParent()), "nested custom level"));
        }
    }
}
