package dev.serialboost.crossjvm;

import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * All-primitive class shapes whose field layouts differ between JVMs (JDK 17 fills the 12-byte header
 * gap with an int; compact object headers on JDK 25 do not have that gap), with a deterministic sample of
 * each and a dump of every field, transient and superclass ones included, floating point as raw bits.
 */
public final class BulkShapes {

    private BulkShapes() {
    }

    public static class MarketData implements Serializable {
        long securityId;
        long time;
        double bidQty0, bidQty1, bidQty2, bidQty3, askQty0, askQty1, askQty2, askQty3;
        double bidPrice0, bidPrice1, bidPrice2, bidPrice3, askPrice0, askPrice1, askPrice2, askPrice3;
    }

    /** {long, int}: mapped where the int fills the header gap, straight where it cannot. */
    public static class LongInt implements Serializable {
        long a;
        int b;
    }

    /** Every primitive type, odd counts of 1- and 2-byte fields. */
    public static class Mixed implements Serializable {
        byte b1;
        long l;
        short s;
        boolean z;
        int i;
        char c;
        float f;
        double d;
        byte b2;
        boolean z2;
        short s2;
    }

    public static class Parent implements Serializable {
        int p;
        byte q;
    }

    /** A primitive-only level under a primitive-only converted superclass. */
    public static class Child extends Parent {
        long r;
        char t;
        transient int skipped;
    }

    /** Final primitive fields and no no-arg constructor. */
    public static final class FinalPrimitives implements Serializable {
        final int x;
        final double y;
        final boolean z;

        FinalPrimitives(final int x, final double y, final boolean z) {
            this.x = x;
            this.y = y;
            this.z = z;
        }
    }

    /** The objects both sides round-trip; values chosen to catch byte-order and offset mix-ups. */
    public static List<Object> samples() {
        List<Object> all = new ArrayList<>();
        for (int n = 0; n < 3; n++) {
            MarketData m = new MarketData();
            m.securityId = 0x0102030405060708L + n;
            m.time = -n;
            m.bidQty0 = 1.5 + n;
            m.bidQty1 = -0.0;
            m.bidQty2 = Double.NaN;
            m.bidQty3 = Double.MIN_VALUE;
            m.askQty0 = Double.MAX_VALUE;
            m.askQty1 = Double.longBitsToDouble(0x7ff0000000000123L);
            m.askQty2 = n;
            m.askQty3 = 1e-300;
            m.bidPrice0 = 100.25;
            m.bidPrice1 = 100.5;
            m.bidPrice2 = 101;
            m.bidPrice3 = Double.NEGATIVE_INFINITY;
            m.askPrice0 = 99.75;
            m.askPrice1 = 99.5;
            m.askPrice2 = 98 + n;
            m.askPrice3 = Double.POSITIVE_INFINITY;
            all.add(m);
        }
        LongInt li = new LongInt();
        li.a = 0x1122334455667788L;
        li.b = 0xCAFEBABE;
        all.add(li);
        Mixed x = new Mixed();
        x.b1 = -1;
        x.l = Long.MIN_VALUE;
        x.s = Short.MIN_VALUE;
        x.z = true;
        x.i = 0x7FFFFFFF;
        x.c = '\uFFFE';
        x.f = Float.intBitsToFloat(0x7fc00001);
        x.d = -1.0 / 3;
        x.b2 = 0x7F;
        x.z2 = false;
        x.s2 = 0x1234;
        all.add(x);
        Child c = new Child();
        c.p = 42;
        c.q = -42;
        c.r = 0xDEADBEEFL;
        c.t = 'x';
        c.skipped = 7;
        all.add(c);
        all.add(new FinalPrimitives(-7, 2.5, true));
        return all;
    }

    /** One line per object: class and every instance field of every level, superclass first. */
    public static String dump(final List<?> objects) throws IllegalAccessException {
        StringBuilder out = new StringBuilder();
        for (Object o : objects) {
            out.append(o.getClass().getSimpleName());
            List<Class<?>> levels = new ArrayList<>();
            for (Class<?> c = o.getClass(); c != Object.class; c = c.getSuperclass()) {
                levels.add(0, c);
            }
            for (Class<?> level : levels) {
                for (Field f : level.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers())) {
                        continue;
                    }
                    f.setAccessible(true);
                    Object v = f.get(o);
                    if (v instanceof Double d) {
                        v = Long.toHexString(Double.doubleToRawLongBits(d));
                    } else if (v instanceof Float fl) {
                        v = Integer.toHexString(Float.floatToRawIntBits(fl));
                    } else if (v instanceof Character ch) {
                        v = (int) ch;
                    }
                    out.append(' ').append(f.getName()).append('=').append(v);
                }
            }
            out.append('\n');
        }
        return out.toString();
    }
}
