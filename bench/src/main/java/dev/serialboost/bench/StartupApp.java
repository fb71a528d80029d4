package dev.serialboost.bench;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The small application of the start-up measurement: loads the workload classes, round-trips one object
 * of each through {@code ObjectOutputStream}/{@code ObjectInputStream} and exits. {@link BenchRunner} times
 * whole JVM runs of it with and without {@code -javaagent}; with {@code -Dbench.agent=<mode>} it first checks
 * that the classes were converted (or not) as the mode says, and exits with 3 otherwise.
 */
public final class StartupApp {

    private StartupApp() {
    }

    public static void main(final String[] args) throws IOException, ClassNotFoundException {
        List<Class<?>> classes = new ArrayList<>();
        for (Workload w : Workload.values()) {
            classes.add(w.modelClass());
        }
        try {
            AgentMode.verify(classes);
        } catch (IllegalStateException e) {
            System.err.println(e.getMessage());
            System.exit(3);
        }
        int bytes = 0;
        for (Workload w : Workload.values()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ObjectOutputStream oos = new ObjectOutputStream(out)) {
                oos.writeObject(w.one(Form.SERIALIZABLE));
            }
            bytes += out.size();
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(out.toByteArray()))) {
                in.readObject();
            }
        }
        System.out.println("round-tripped " + classes.size() + " workloads, " + bytes + " bytes");
    }
}
