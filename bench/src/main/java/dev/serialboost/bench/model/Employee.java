package dev.serialboost.bench.model;

import java.io.Serializable;
import java.util.Date;
import java.util.List;

/**
 * The reference-heavy workload of DESIGN.md: five Strings, a Date, a boxed Double, a supervisor (a chain of
 * Employees up to one with none) and a list of phone numbers.
 */
public class Employee implements Serializable {
    private static final long serialVersionUID = 1L;

    private String firstName;
    private String lastName;
    private String socialSecurityNumber;
    private String department;
    private String position;
    private Date hireDate;
    private Double salary;
    private Employee supervisor;
    private List<String> phoneNumbers;

    /** Kryo and Fory instantiate through it; plain JDK reading does not run it. */
    public Employee() {
    }

    public Employee(final String firstName, final String lastName, final String socialSecurityNumber,
                    final String department, final String position, final Date hireDate, final Double salary,
                    final Employee supervisor, final List<String> phoneNumbers) {
        this.firstName = firstName;
        this.lastName = lastName;
        this.socialSecurityNumber = socialSecurityNumber;
        this.department = department;
        this.position = position;
        this.hireDate = hireDate;
        this.salary = salary;
        this.supervisor = supervisor;
        this.phoneNumbers = phoneNumbers;
    }

    public String firstName() { return firstName; }
    public Employee supervisor() { return supervisor; }
    public List<String> phoneNumbers() { return phoneNumbers; }
}
