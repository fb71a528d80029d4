package dev.serialboost.corpus.workloads;

import java.io.Serializable;
import java.util.Date;
import java.util.List;

/** DESIGN.md workload: references, a supervisor chain, shared Strings. No no-arg constructor. */
public class Employee implements Serializable {
    private static final long serialVersionUID = 2L;

    private String firstName;
    private String lastName;
    private String socialSecurityNumber;
    private String department;
    private String position;
    private Date hireDate;
    private Double salary;
    private Employee supervisor;
    private List<String> phoneNumbers;

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

    public Employee supervisor() {
        return supervisor;
    }

    public String department() {
        return department;
    }
}
