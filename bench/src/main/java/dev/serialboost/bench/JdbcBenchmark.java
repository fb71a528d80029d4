package dev.serialboost.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real client of Java serialization, unchanged: a JDBC {@code JAVA_OBJECT} column. H2, embedded and in memory, a
 * table {@code (ID BIGINT PRIMARY KEY, DOC JAVA_OBJECT)}: one operation is a {@code MERGE} of the business graph through
 * {@code PreparedStatement.setObject} (H2 serializes it with an {@code ObjectOutputStream}) and a {@code SELECT} of it
 * through {@code ResultSet.getObject} (H2 deserializes it through its {@code ObjectInputStream} subclass, which
 * overrides {@code resolveClass}). {@link #setUp} checks that the column holds a Java serialization stream (its
 * {@code 0xACED} magic) and that {@code getObject} gives a copy, not the object written.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class JdbcBenchmark {

    @Param({"CustomerOrder"})
    public Workload workload;

    private Connection connection;
    private PreparedStatement write;
    private PreparedStatement read;
    private Object value;

    @Setup(Level.Trial)
    public void setUp() throws SQLException {
        AgentMode.verify(List.of(workload.modelClass()));
        value = workload.one(Form.SERIALIZABLE);
        // a private in-memory database per state, gone when its last connection closes
        connection = DriverManager.getConnection("jdbc:h2:mem:");
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE TABLE DOCS (ID BIGINT PRIMARY KEY, DOC JAVA_OBJECT)");
        }
        write = connection.prepareStatement("MERGE INTO DOCS (ID, DOC) KEY (ID) VALUES (1, ?)");
        read = connection.prepareStatement("SELECT DOC FROM DOCS WHERE ID = 1");
        Object copy = roundTrip();
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT CAST(DOC AS VARBINARY) FROM DOCS WHERE ID = 1")) {
            byte[] stored = rs.next() ? rs.getBytes(1) : null;
            if (stored == null || stored.length < 2 || (stored[0] & 0xff) != 0xAC || (stored[1] & 0xff) != 0xED) {
                throw new IllegalStateException("H2 did not store a Java serialization stream in its JAVA_OBJECT column");
            }
        }
        if (copy == value) {
            throw new IllegalStateException("H2 returned the object itself, not a deserialized copy");
        }
    }

    /** The value written to its row and read back. */
    @Benchmark
    public Object roundTrip() throws SQLException {
        write.setObject(1, value);
        write.executeUpdate();
        try (ResultSet rs = read.executeQuery()) {
            if (!rs.next()) {
                throw new IllegalStateException("the row written is not there");
            }
            return rs.getObject(1);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws SQLException {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    /** What {@link #roundTrip} must give back (for {@link SelfCheck}). */
    Object[] expected() {
        return new Object[] {value};
    }
}

// How to run it by hand, without and with the agent's default:
//   java -jar bench/target/benchmarks.jar JdbcBenchmark
//   java -jar bench/target/benchmarks.jar JdbcBenchmark -jvmArgsPrepend -javaagent:agent/target/serialboost-agent.jar
