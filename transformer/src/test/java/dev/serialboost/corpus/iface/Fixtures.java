package dev.serialboost.corpus.iface;

import dev.serialboost.corpus.Fixture;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class ViaInterfaceCase extends Fixture {
        @Override
        public Object get() {
            ViaInterface v = new ViaInterface(1, "one");
            return new Object[] {v, new ViaDeepInterface(2, v)};
        }
    }

    public static final class SelfExternalizableCase extends Fixture {
        @Override
        public Object get() {
            return new SelfExternalizable[] {new SelfExternalizable(1, "b"), new ExternalizableChild(2, 22L)};
        }
    }

    public static final class InterfaceFieldsCase extends Fixture {
        @Override
        public Object get() {
            Drawing d = new Drawing();
            Circle c = new Circle(2.0);
            d.main = c;
            d.shapes = new Shape[] {c, new Circle(0.5), null};
            d.marker = new ViaInterface(3, "marker");
            return d;
        }

        @Override
        public String apply(final Object copy) {
            Drawing d = (Drawing) copy;
            return check(d.main == d.shapes[0] && d.main.area() == Math.PI * 4.0, "shape lost");
        }
    }
}
