package dev.serialboost.demo.hr;

import java.io.Serializable;
import java.util.Date;
import java.util.List;

/** A JavaBean-style HR record: strings, a Date, a boxed Double, a supervisor and a list of phone numbers. */
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

    public Employee() {
    }

    public String getFirstName() { return firstName; }
    public void setFirstName(final String firstName) { this.firstName = firstName; }
    public String getLastName() { return lastName; }
    public void setLastName(final String lastName) { this.lastName = lastName; }
    public String getSocialSecurityNumber() { return socialSecurityNumber; }
    public void setSocialSecurityNumber(final String ssn) { this.socialSecurityNumber = ssn; }
    public String getDepartment() { return department; }
    public void setDepartment(final String department) { this.department = department; }
    public String getPosition() { return position; }
    public void setPosition(final String position) { this.position = position; }
    public Date getHireDate() { return hireDate; }
    public void setHireDate(final Date hireDate) { this.hireDate = hireDate; }
    public Double getSalary() { return salary; }
    public void setSalary(final Double salary) { this.salary = salary; }
    public Employee getSupervisor() { return supervisor; }
    public void setSupervisor(final Employee supervisor) { this.supervisor = supervisor; }
    public List<String> getPhoneNumbers() { return phoneNumbers; }
    public void setPhoneNumbers(final List<String> phoneNumbers) { this.phoneNumbers = phoneNumbers; }
}
