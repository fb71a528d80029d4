package dev.serialboost.bench;

import dev.serialboost.bench.handwritten.HandEmployee;
import dev.serialboost.bench.handwritten.HandMarketData;
import dev.serialboost.bench.handwritten.HandOrder;
import dev.serialboost.bench.handwritten.HandSample;
import dev.serialboost.bench.model.Employee;
import dev.serialboost.bench.model.MarketData;
import dev.serialboost.bench.model.Order;
import dev.serialboost.bench.model.Sample;

import java.util.Date;
import java.util.List;

/**
 * Which classes carry a workload's data: the plain {@code Serializable} model (what legacy code has, and what
 * the agent converts) or its hand-written {@code Externalizable} twin. Both forms get the same values.
 */
public enum Form {
    /** {@code dev.serialboost.bench.model}: plain Serializable, unchanged source. */
    SERIALIZABLE {
        @Override
        Object marketData(final long securityId, final long time, final double qty, final double price) {
            return new MarketData(securityId, time, qty, price);
        }

        @Override
        Object employee(final String first, final String last, final String ssn, final String department,
                        final String position, final Date hired, final Double salary, final Object supervisor,
                        final List<String> phones) {
            return new Employee(first, last, ssn, department, position, hired, salary, (Employee) supervisor, phones);
        }

        @Override
        Object order(final long sourceId, final boolean special, final int code, final int priority,
                     final double[] prices, final long[] quantities) {
            return new Order(sourceId, special, code, priority, prices, quantities);
        }

        @Override
        Object sample(final int i, final float f, final Short s, final long[] longs, final double[] doubles) {
            return new Sample(i, f, s, longs, doubles);
        }
    },
    /** {@code dev.serialboost.bench.handwritten}: Externalizable written by hand, a source change. */
    HANDWRITTEN {
        @Override
        Object marketData(final long securityId, final long time, final double qty, final double price) {
            return new HandMarketData(securityId, time, qty, price);
        }

        @Override
        Object employee(final String first, final String last, final String ssn, final String department,
                        final String position, final Date hired, final Double salary, final Object supervisor,
                        final List<String> phones) {
            return new HandEmployee(first, last, ssn, department, position, hired, salary, (HandEmployee) supervisor,
                    phones);
        }

        @Override
        Object order(final long sourceId, final boolean special, final int code, final int priority,
                     final double[] prices, final long[] quantities) {
            return new HandOrder(sourceId, special, code, priority, prices, quantities);
        }

        @Override
        Object sample(final int i, final float f, final Short s, final long[] longs, final double[] doubles) {
            return new HandSample(i, f, s, longs, doubles);
        }
    };

    abstract Object marketData(long securityId, long time, double qty, double price);

    abstract Object employee(String first, String last, String ssn, String department, String position, Date hired,
                             Double salary, Object supervisor, List<String> phones);

    abstract Object order(long sourceId, boolean special, int code, int priority, double[] prices,
                          long[] quantities);

    abstract Object sample(int i, float f, Short s, long[] longs, double[] doubles);
}
