package dev.serialboost.demo;

import dev.serialboost.demo.hr.Employee;
import dev.serialboost.demo.lab.Sample;
import dev.serialboost.demo.market.MarketData;
import dev.serialboost.demo.market.Order;

import java.util.Date;
import java.util.List;

/**
 * A checksum over every field of every message, in message order: two runs give the same checksum exactly
 * when they saw the same messages with the same contents in the same order (up to the odds of a 32-bit
 * collision). Each value is mixed in with a 64-bit multiply-rotate step (the xxHash64 round), so the order
 * of values and messages matters; floating-point values go in bit for bit, strings char by char, nulls
 * as markers no value can be confused with, and a Sample whose selfRef is itself differs from one whose selfRef is
 * a copy, so the cycle is checked too. Cheap on purpose (a few ns a field): the subscriber computes it
 * while it receives, inside the measured time.
 */
final class Digest {

    private static final long P1 = 0x9E3779B185EBCA87L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final int MAX_DEPTH = 16;
    /** Stands for a null reference or array where a length would otherwise be: no length is negative. */
    private static final long NULL = -1;

    private long hash = 0x27D4EB2F165667C5L;
    private long messages;

    void add(final Object message) {
        messages++;
        if (message instanceof MarketData m) {
            marketData(m);
        } else if (message instanceof Order o) {
            order(o);
        } else if (message instanceof Employee e) {
            employee(e, 0);
        } else if (message instanceof Sample s) {
            sample(s);
        } else {
            throw new IllegalArgumentException("unexpected message " + (message == null ? "null" : message.getClass()));
        }
    }

    long messages() {
        return messages;
    }

    /** The checksum as eight hex digits. */
    String value() {
        long h = hash ^ messages;
        h ^= h >>> 33;
        h *= P2;
        h ^= h >>> 29;
        h *= P1;
        h ^= h >>> 32;
        return String.format("%08x", (int) (h ^ (h >>> 32)));
    }

    private void mix(final long value) {
        hash = Long.rotateLeft(hash + value * P2, 31) * P1;
    }

    private void mix(final double value) {
        mix(Double.doubleToRawLongBits(value));
    }

    private void marketData(final MarketData m) {
        mix('M');
        mix(m.getSecurityId());
        mix(m.getTime());
        for (int level = 0; level < 4; level++) {
            mix(m.getBidQty(level));
            mix(m.getBidPrice(level));
            mix(m.getAskQty(level));
            mix(m.getAskPrice(level));
        }
    }

    private void order(final Order o) {
        mix('O');
        mix(o.getSourceId());
        mix(o.isSpecial() ? 1 : 0);
        mix(o.getOrderCode());
        mix(o.getPriority());
        doubles(o.getPrices());
        longs(o.getQuantities());
    }

    private void employee(final Employee e, final int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalStateException("supervisor chain deeper than " + MAX_DEPTH);
        }
        mix('E');
        string(e.getFirstName());
        string(e.getLastName());
        string(e.getSocialSecurityNumber());
        string(e.getDepartment());
        string(e.getPosition());
        Date hired = e.getHireDate();
        mix(hired == null ? 0 : 1);
        mix(hired == null ? 0 : hired.getTime());
        Double salary = e.getSalary();
        mix(salary == null ? 0 : 1);
        mix(salary == null ? 0 : Double.doubleToRawLongBits(salary));
        List<String> phones = e.getPhoneNumbers();
        if (phones == null) {
            mix(NULL);
        } else {
            mix(phones.size());
            for (String phone : phones) {
                string(phone);
            }
        }
        if (e.getSupervisor() == null) {
            mix(0);
        } else {
            employee(e.getSupervisor(), depth + 1);
        }
    }

    private void sample(final Sample s) {
        mix('S');
        mix(s.getIntVal());
        mix(Float.floatToRawIntBits(s.getFloatVal()));
        mix(s.getShortVal() == null ? 0 : 1);
        mix(s.getShortVal() == null ? 0 : s.getShortVal());
        mix(s.getSelfRef() == s ? 1 : s.getSelfRef() == null ? 0 : 2);
        longs(s.getLongArr());
        doubles(s.getDblArr());
    }

    private void longs(final long[] values) {
        if (values == null) {
            mix(NULL);
            return;
        }
        mix(values.length);
        for (long v : values) {
            mix(v);
        }
    }

    private void doubles(final double[] values) {
        if (values == null) {
            mix(NULL);
            return;
        }
        mix(values.length);
        for (double v : values) {
            mix(v);
        }
    }

    private void string(final String s) {
        if (s == null) {
            mix(NULL);
            return;
        }
        mix(s.length());
        for (int i = 0; i < s.length(); i++) {
            mix(s.charAt(i));
        }
    }
}
