package dev.serialboost.corpus.values;

import dev.serialboost.corpus.Fixture;

import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.List;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class PrimitiveArraysCase extends Fixture {
        @Override
        public Object get() {
            PrimitiveArrays a = new PrimitiveArrays();
            a.zs = new boolean[] {true, false, true};
            a.bs = new byte[] {Byte.MIN_VALUE, -1, 0, 1, Byte.MAX_VALUE};
            a.ss = new short[] {Short.MIN_VALUE, -1, 0, Short.MAX_VALUE};
            a.cs = new char[] {'\u0000', 'a', '\ud800', '\uffff'};
            a.is = new int[] {Integer.MIN_VALUE, -1, 0, 42, Integer.MAX_VALUE};
            a.ls = new long[] {Long.MIN_VALUE, -1L, 0L, Long.MAX_VALUE};
            a.fs = new float[] {Float.NaN, -0.0f, Float.MIN_VALUE, Float.NEGATIVE_INFINITY, 1.5f};
            a.ds = new double[] {Double.NaN, -0.0, Double.MIN_VALUE, Double.POSITIVE_INFINITY, -2.5};
            a.empty = new int[0];
            a.nothing = null;
            return a;
        }
    }

    public static final class MultiArraysCase extends Fixture {
        @Override
        public Object get() {
            MultiArrays m = new MultiArrays();
            int[] row = {1, 2, 3};
            m.jagged = new int[][] {row, {}, null, row, {4}};
            m.names = new String[][] {{"a", "b"}, {null}, {}};
            m.cube = new long[2][3][4];
            m.cube[1][2][3] = Long.MIN_VALUE;
            m.sharedA = new int[] {7, 8};
            m.sharedB = m.sharedA;
            m.selfContaining = new Object[3];
            m.selfContaining[0] = m.selfContaining;
            m.selfContaining[1] = m;
            m.selfContaining[2] = row;
            m.arrayAsObject = m.names;
            MultiArrays other = new MultiArrays();
            other.sharedA = row;
            m.peers = new MultiArrays[] {m, other, null};
            return m;
        }

        @Override
        public String apply(final Object copy) {
            MultiArrays m = (MultiArrays) copy;
            return all(check(m.sharedA == m.sharedB, "shared array was split"),
                    check(m.selfContaining[0] == m.selfContaining, "Object[] no longer contains itself"),
                    check(m.jagged[0] == m.jagged[3], "shared row was split"));
        }
    }

    static Boxes boxes(final boolean nulls) {
        Boxes b = new Boxes();
        if (nulls) {
            return b;
        }
        b.z = Boolean.TRUE;
        b.b = Byte.MIN_VALUE;
        b.s = Short.MAX_VALUE;
        b.c = '\uffff';
        b.i = Integer.MIN_VALUE;
        b.j = Long.MIN_VALUE;
        b.f = Float.NaN;
        b.d = -0.0;
        b.str = "";
        b.obj = Double.NEGATIVE_INFINITY;
        b.num = Float.POSITIVE_INFINITY;
        b.cmp = Character.valueOf('\u0000');
        b.big = new BigDecimal("-12345678901234567890.000000001");
        b.chars = "char-sequence";
        return b;
    }

    public static final class BoxesCase extends Fixture {
        @Override
        public Object get() {
            Boxes full = boxes(false);
            Boxes again = boxes(false);
            again.obj = full;
            again.d = Double.MAX_VALUE;
            again.f = -0.0f;
            return new Boxes[] {boxes(true), full, again};
        }
    }

    public static final class PrimitiveEdgesCase extends Fixture {
        @Override
        public Object get() {
            PrimitiveEdges e = new PrimitiveEdges();
            e.z = true;
            e.b = Byte.MAX_VALUE;
            e.s = Short.MAX_VALUE;
            e.c = '\uffff';
            e.i = Integer.MAX_VALUE;
            e.j = Long.MIN_VALUE;
            e.f = Float.MAX_VALUE;
            e.d = Double.MIN_NORMAL;
            e.fNegZero = -0.0f;
            e.dNegZero = -0.0;
            e.fPosInf = Float.POSITIVE_INFINITY;
            e.fNegInf = Float.NEGATIVE_INFINITY;
            e.dPosInf = Double.POSITIVE_INFINITY;
            e.dNegInf = Double.NEGATIVE_INFINITY;
            e.fNaN = Float.NaN;
            e.dNaN = Double.NaN;
            e.fMinSub = Float.MIN_VALUE;
            e.dMinSub = Double.MIN_VALUE;
            e.cZero = '\u0000';
            e.cSurrogate = '\udfff';
            e.jMin = Long.MIN_VALUE;
            e.jMax = Long.MAX_VALUE;
            e.iMin = Integer.MIN_VALUE;
            e.sMin = Short.MIN_VALUE;
            e.bMin = Byte.MIN_VALUE;
            return new PrimitiveEdges[] {e, new PrimitiveEdges()};
        }
    }

    public static final class NanPayloadsCase extends Fixture {
        @Override
        public Object get() {
            NanPayloads n = new NanPayloads();
            n.quietPayload = Float.intBitsToFloat(0x7fc0_1234);
            n.signalling = Float.intBitsToFloat(0x7f80_0001);
            n.negativeNaN = Float.intBitsToFloat(0xffc0_0000);
            n.quietPayloadD = Double.longBitsToDouble(0x7ff8_0000_dead_beefL);
            n.signallingD = Double.longBitsToDouble(0x7ff0_0000_0000_0001L);
            n.negativeNaND = Double.longBitsToDouble(0xfff8_0000_0000_0000L);
            n.marker = 1;
            NanPayloadsMixed m = new NanPayloadsMixed();
            m.f = Float.intBitsToFloat(0x7fc0_0042);
            m.d = Double.longBitsToDouble(0xfff8_0000_0000_0042L);
            m.label = "mixed";
            return new Object[] {n, m};
        }
    }

    public static final class TextsCase extends Fixture {
        @Override
        public Object get() {
            Texts t = new Texts();
            t.empty = "";
            t.nul = "a\u0000b";
            t.loneHigh = "x\ud800";
            t.loneLow = "\udc00y";
            t.supplementary = "\ud83d\ude00 smile";
            t.longText = "\u00e9".repeat(40_000); // 80,000 bytes of modified UTF-8: a long string
            t.sameAsEmpty = t.empty;
            t.chars = t.nul.toCharArray();
            return t;
        }
    }

    public static final class EnumRecordCase extends Fixture {
        @Override
        public Object get() {
            EnumRecordHolder h = new EnumRecordHolder();
            h.color = Color.RED;
            h.special = Color.GREEN;
            h.palette = new Color[] {Color.BLUE, Color.GREEN, null, Color.RED};
            h.unit = Unit.SECOND;
            h.anyEnum = Unit.METRE;
            h.point = new Point(3, -4);
            h.samePoint = h.point;
            h.labeled = new Labeled("boxed", boxes(false), Color.GREEN);
            h.points = List.of(new Point(1, 2), h.point);
            h.byUnit = new EnumMap<>(Unit.class);
            h.byUnit.put(Unit.METRE, "m");
            h.byUnit.put(Unit.SECOND, "s");
            return h;
        }

        @Override
        public String apply(final Object copy) {
            EnumRecordHolder h = (EnumRecordHolder) copy;
            return all(check(h.color == Color.RED && h.special == Color.GREEN && h.anyEnum == Unit.METRE,
                            "enum constants not resolved to this loader's constants"),
                    check(h.point == h.samePoint, "record sharing lost"),
                    check("g".equals(h.special.code()), "constant-specific body lost"));
        }
    }

    public static final class UnicodeNamesCase extends Fixture {
        @Override
        public Object get() {
            UnicodeNames u = new UnicodeNames();
            u.\uff21 = 1;
            u.\ud835\udc00 = 2;
            u.caf\u00e9 = 3;
            u.Zeta = 4;
            u.alpha = 5;
            u.$dollar = 6;
            u._under = 7;
            u.\u540d\u524d = "namae";
            u.Name = "Name";
            u.name = null;
            return u;
        }
    }

    public static final class PackedLevelsCase extends Fixture {
        @Override
        public Object get() {
            PackedLeaf one = new PackedLeaf(1, "ref-1");
            PackedLeaf two = new PackedLeaf(2, one);
            return new Object[] {one, two, new PackedSub((byte) -1, (byte) -2, (short) -3, true), new PackedBase((byte) 9)};
        }

        @Override
        public String apply(final Object copy) {
            Object[] a = (Object[]) copy;
            PackedLeaf two = (PackedLeaf) a[1];
            return check(two.ref == a[0] && two.a == 2 && two.b == 3 && two.c == 600 && two.z && two.d == 2_000_002
                    && two.e == 0xfff2 && two.f == -2, "packed levels mixed up");
        }
    }

    public static final class FinalPrimitivesCase extends Fixture {
        @Override
        public Object get() {
            return new FinalPrimitives[] {new FinalPrimitives(1), new FinalPrimitives(2), new FinalPrimitives(3)};
        }
    }
}
