package dev.serialboost.agent.cli;

import com.sun.tools.attach.VirtualMachine;
import dev.serialboost.agent.stats.Snapshot;

import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * {@code java -jar serialboost-agent.jar stats PID [--seconds N] [--json]}: what a running JVM serializes. Loads the
 * agent with {@code stats=true} through the Attach API (as {@code attach} does: when the agent is there already, that
 * only switches its statistics on), starts the JVM's local JMX agent ({@code VirtualMachine.startLocalManagementAgent},
 * reachable by the same user only), reads the MBean {@code dev.serialboost:type=Statistics} twice, N seconds apart,
 * and prints what happened in between ({@link StatsTable}, or {@link StatsJson} with {@code --json}). The JVM runs on;
 * its statistics stay on.
 */
public final class Stats {

    private static final String USAGE = "usage: java -jar serialboost-agent.jar stats PID [--seconds N] [--json]";

    private Stats() {
    }

    /** @return 0 when the statistics were read, 1 when they could not be, 64 for bad arguments */
    public static int run(final List<String> args, final PrintStream out, final PrintStream err) {
        String pid = null;
        int seconds = 10;
        boolean json = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--json")) {
                json = true;
            } else if (a.equals("--seconds") && i + 1 < args.size() && args.get(i + 1).matches("\\d{1,5}")) {
                seconds = Integer.parseInt(args.get(++i));
            } else if (pid == null && a.matches("\\d+")) {
                pid = a;
            } else {
                err.println(USAGE);
                return 64;
            }
        }
        if (pid == null) {
            err.println(USAGE);
            return 64;
        }
        try {
            Path jar = Path.of(Stats.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            VirtualMachine vm = VirtualMachine.attach(pid);
            String address;
            try {
                vm.loadAgent(jar.toString(), "stats=true");
                address = vm.startLocalManagementAgent();
            } finally {
                vm.detach();
            }
            try (JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(address))) {
                MBeanServerConnection jmx = connector.getMBeanServerConnection();
                Snapshot before = Snapshot.of(jmx);
                long start = System.nanoTime();
                Thread.sleep(seconds * 1000L);
                Snapshot after = Snapshot.of(jmx);
                double window = (System.nanoTime() - start) / 1e9;
                String problem = (String) jmx.getAttribute(
                        new javax.management.ObjectName(dev.serialboost.agent.stats.StatisticsMXBean.NAME),
                        "EngineProblem");
                Snapshot delta = after.since(before);
                out.print(json ? StatsJson.of(pid, window, delta, after, problem)
                        : StatsTable.of(pid, window, delta, after, problem));
            }
            return 0;
        } catch (NoClassDefFoundError e) {
            err.println("this Java has no Attach API (module jdk.attach); run the command with a full JDK");
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("interrupted");
            return 1;
        } catch (Exception | LinkageError e) {
            err.println("could not read serialboost's statistics of JVM " + pid + ": " + e);
            return 1;
        }
    }
}
