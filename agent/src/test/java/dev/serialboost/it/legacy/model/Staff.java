package dev.serialboost.it.legacy.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;

/** The Employee workload: strings, a Date, a boxed Double, a supervisor chain and a list. */
public class Staff implements Serializable {
    private static final long serialVersionUID = 5L;

    private String firstName;
    private String lastName;
    private String department;
    private Date hired;
    private Double salary;
    private Staff supervisor;
    private List<String> phones;

    public Staff(final String firstName, final String lastName, final String department, final Date hired,
                 final Double salary, final Staff supervisor, final List<String> phones) {
        this.firstName = firstName;
        this.lastName = lastName;
        this.department = department;
        this.hired = hired;
        this.salary = salary;
        this.supervisor = supervisor;
        this.phones = phones;
    }

    public static List<Staff> sample() {
        String engineering = new String("Engineering");
        Staff ceo = new Staff("Ada", "Lovelace", "Board", new Date(315_532_800_000L), 1_000_000.0, null,
                new ArrayList<>(List.of("+1 555 0100")));
        Staff lead = new Staff("Alan", "Turing", engineering, new Date(946_684_800_000L), null, ceo, null);
        List<String> shared = new ArrayList<>(Arrays.asList("+44 20 7946 0000", null));
        Staff dev1 = new Staff("Barbara", "Liskov", engineering, new Date(1_262_304_000_000L), 150_000.0, lead, shared);
        Staff dev2 = new Staff("Edsger", "Dijkstra", engineering, null, -0.0, lead, shared);
        return new ArrayList<>(List.of(dev1, dev2, lead, ceo));
    }
}
