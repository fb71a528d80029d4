package dev.serialboost.demo;

import dev.serialboost.demo.hr.Employee;
import dev.serialboost.demo.lab.Sample;
import dev.serialboost.demo.market.MarketData;
import dev.serialboost.demo.market.Order;

import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The feed's messages, generated deterministically from (seed, index) so that the publisher and an
 * independent check can produce exactly the same sequence. Out of every 500 messages: 429 MarketData,
 * 50 Order, 20 Employee, 1 Sample.
 */
final class Messages {

    /** The share of each type, for the banner. */
    static final String MIX = "86% MarketData, 10% Order, 4% Employee, 0.2% Sample";

    private static final long START_TIME_NANOS = 1_700_000_000_000_000_000L;
    private static final long DAY_MILLIS = 86_400_000L;
    private static final long EPOCH_2000 = 946_684_800_000L;
    private static final String[] FIRST = {"Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances", "John",
        "Margaret", "Niklaus", "Radia", "Tony"};
    private static final String[] LAST = {"Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Allen",
        "Backus", "Hamilton", "Wirth", "Perlman", "Hoare"};
    private static final String[] DEPARTMENTS = {"Trading", "Risk", "Operations", "Compliance", "Technology",
        "Research", "Sales", "Treasury"};
    private static final String[] POSITIONS = {"Analyst", "Associate", "Engineer", "Trader", "Quant", "Clerk"};

    /** Department heads, shared by all employee messages (so long-lived streams write back-references). */
    private final Employee[] heads = new Employee[DEPARTMENTS.length];
    private final long seed;

    Messages(final long seed) {
        this.seed = seed;
        Employee ceo = employee(new SplittableRandom(seed), "Executive", "Chief Executive", null);
        for (int d = 0; d < DEPARTMENTS.length; d++) {
            heads[d] = employee(new SplittableRandom(seed + 1 + d), DEPARTMENTS[d], "Head of " + DEPARTMENTS[d], ceo);
        }
    }

    /** The first {@code count} messages of this feed. */
    Object[] first(final int count) {
        Object[] messages = new Object[count];
        for (int i = 0; i < count; i++) {
            messages[i] = get(i);
        }
        return messages;
    }

    /** Message number {@code index} of this feed. */
    Object get(final int index) {
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
        if (index % 500 == 499) {
            return sample(r, index);
        }
        if (index % 25 == 12) {
            int d = r.nextInt(DEPARTMENTS.length);
            return employee(r, DEPARTMENTS[d], POSITIONS[r.nextInt(POSITIONS.length)], heads[d]);
        }
        if (index % 10 == 5) {
            return order(r);
        }
        return marketData(r, index);
    }

    private static MarketData marketData(final SplittableRandom r, final int index) {
        MarketData m = new MarketData(1000 + r.nextInt(500), START_TIME_NANOS + index * 1_000L + r.nextInt(1000));
        double mid = 50 + r.nextInt(10_000) / 100.0;
        for (int level = 0; level < 4; level++) {
            double spread = (level + 1) * 0.01;
            m.setLevel(level, 100 * (1 + r.nextInt(50)), mid - spread, 100 * (1 + r.nextInt(50)), mid + spread);
        }
        return m;
    }

    private static Order order(final SplittableRandom r) {
        double[] prices = new double[Order.LEGS];
        long[] quantities = new long[Order.LEGS];
        for (int i = 0; i < Order.LEGS; i++) {
            prices[i] = 10 + r.nextInt(100_000) / 100.0;
            quantities[i] = 1 + r.nextInt(10_000);
        }
        return new Order(r.nextLong(), r.nextInt(8) == 0, r.nextInt(1_000_000), r.nextInt(10), prices, quantities);
    }

    private static Employee employee(final SplittableRandom r, final String department, final String position,
                                     final Employee supervisor) {
        Employee e = new Employee();
        e.setFirstName(FIRST[r.nextInt(FIRST.length)]);
        e.setLastName(LAST[r.nextInt(LAST.length)]);
        e.setSocialSecurityNumber(new StringBuilder(11).append(100 + r.nextInt(900)).append('-')
                .append(10 + r.nextInt(90)).append('-').append(1000 + r.nextInt(9000)).toString());
        e.setDepartment(department);
        e.setPosition(position);
        e.setHireDate(new Date(EPOCH_2000 + r.nextInt(9000) * DAY_MILLIS));
        e.setSalary(r.nextInt(8) == 0 ? null : Double.valueOf(40_000 + r.nextInt(160_000)));
        e.setSupervisor(supervisor);
        List<String> phones = new ArrayList<>(2);
        phones.add("+44 20 7" + (100_000 + r.nextInt(900_000)));
        if (r.nextBoolean()) {
            phones.add("+44 7700 " + (100_000 + r.nextInt(900_000)));
        }
        e.setPhoneNumbers(phones);
        return e;
    }

    private static Sample sample(final SplittableRandom r, final int index) {
        long[] longs = new long[Sample.SIZE];
        double[] doubles = new double[Sample.SIZE];
        long base = r.nextLong();
        double scale = r.nextDouble();
        for (int i = 0; i < Sample.SIZE; i++) {
            longs[i] = base + 31L * i;
            doubles[i] = scale * i;
        }
        return new Sample(index, r.nextFloat(), r.nextBoolean() ? Short.valueOf((short) r.nextInt()) : null, longs,
                doubles);
    }
}
