package dev.serialboost.corpus.workloads;

import dev.serialboost.corpus.Fixture;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class MarketDataCase extends Fixture {
        @Override
        public Object get() {
            List<MarketData> ticks = new ArrayList<>();
            for (int i = 1; i <= 5; i++) {
                ticks.add(MarketData.sample(i));
            }
            ticks.add(ticks.get(2)); // the same tick twice
            return ticks;
        }
    }

    public static final class EmployeeCase extends Fixture {
        @Override
        public Object get() {
            String engineering = new String("Engineering"); // one instance shared by several objects
            String manager = new String("Manager");
            Employee ceo = new Employee("Ada", "Lovelace", "000-00-0001", new String("Board"), "CEO",
                    new Date(315_532_800_000L), 1_000_000.0, null, new ArrayList<>(List.of("+1 555 0100")));
            Employee vp = new Employee("Grace", "Hopper", "000-00-0002", engineering, "VP",
                    new Date(631_152_000_000L), 500_000.5, ceo, new ArrayList<>(List.of("+1 555 0101", "+1 555 0102")));
            Employee lead = new Employee("Alan", "Turing", "000-00-0003", engineering, manager,
                    new Date(946_684_800_000L), null, vp, null);
            List<String> sharedPhones = new ArrayList<>(Arrays.asList("+44 20 7946 0000", null));
            Employee dev1 = new Employee("Barbara", "Liskov", "000-00-0004", engineering, "Engineer",
                    new Date(1_262_304_000_000L), 150_000.0, lead, sharedPhones);
            Employee dev2 = new Employee("Edsger", "Dijkstra", null, engineering, "Engineer",
                    null, Double.valueOf(-0.0), lead, sharedPhones);
            Employee self = new Employee("Ken", "Thompson", "000-00-0006", manager, manager,
                    new Date(0L), 1.0, null, new ArrayList<>());
            return new ArrayList<>(List.of(dev1, dev2, lead, vp, ceo, self));
        }

        @Override
        public String apply(final Object copy) {
            @SuppressWarnings("unchecked")
            List<Employee> all = (List<Employee>) copy;
            return all(check(all.get(0).supervisor() == all.get(2), "dev1's supervisor is not the lead object"),
                    check(all.get(0).department() == all.get(3).department(), "department String no longer shared"));
        }
    }

    public static final class OrderCase extends Fixture {
        @Override
        public Object get() {
            return new Order[] {Order.sample(1), Order.sample(2), Order.sample(3)};
        }
    }

    public static final class SampleCase extends Fixture {
        @Override
        public Object get() {
            return new Sample(11);
        }

        @Override
        public String apply(final Object copy) {
            Sample s = (Sample) copy;
            return check(s.selfRef == s, "selfRef is not the object itself");
        }
    }
}
