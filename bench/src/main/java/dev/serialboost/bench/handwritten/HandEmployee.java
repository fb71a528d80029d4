package dev.serialboost.bench.handwritten;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.util.Date;
import java.util.List;

/** {@link dev.serialboost.bench.model.Employee}, made {@code Externalizable} by hand. */
public class HandEmployee implements Externalizable {
    private static final long serialVersionUID = 1L;

    private String firstName;
    private String lastName;
    private String socialSecurityNumber;
    private String department;
    private String position;
    private Date hireDate;
    private Double salary;
    private HandEmployee supervisor;
    private List<String> phoneNumbers;

    public HandEmployee() {
    }

    public HandEmployee(final String firstName, final String lastName, final String socialSecurityNumber,
                        final String department, final String position, final Date hireDate, final Double salary,
                        final HandEmployee supervisor, final List<String> phoneNumbers) {
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

    @Override
    public void writeExternal(final ObjectOutput out) throws IOException {
        out.writeObject(firstName);
        out.writeObject(lastName);
        out.writeObject(socialSecurityNumber);
        out.writeObject(department);
        out.writeObject(position);
        out.writeObject(hireDate);
        out.writeObject(salary);
        out.writeObject(supervisor);
        out.writeObject(phoneNumbers);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void readExternal(final ObjectInput in) throws IOException, ClassNotFoundException {
        firstName = (String) in.readObject();
        lastName = (String) in.readObject();
        socialSecurityNumber = (String) in.readObject();
        department = (String) in.readObject();
        position = (String) in.readObject();
        hireDate = (Date) in.readObject();
        salary = (Double) in.readObject();
        supervisor = (HandEmployee) in.readObject();
        phoneNumbers = (List<String>) in.readObject();
    }
}
