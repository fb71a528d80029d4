package dev.serialboost.agent.stats;

import dev.serialboost.agent.install.StatisticsInstaller;

import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Switches statistics on ({@code stats=true} at start-up, or a later {@code agentmain} with it: the {@code stats}
 * command), once per JVM: the runtime's counting, the JFR events when the JVM has {@code jdk.jfr}, and the MBean
 * {@value StatisticsMXBean#NAME}. Asked again, it does nothing. Costs the platform MBean server's start when the
 * application has not started it (JDK 17: tens of ms), only with statistics on.
 */
public final class AgentStatistics {

    private static boolean started;

    private AgentStatistics() {
    }

    /**
     * @param engineProblem what of the engine layer is off (the start-up line's words), or null
     * @return whether this call switched them on (false: they were on already)
     */
    public static synchronized boolean start(final Instrumentation inst, final String engineProblem) throws Throwable {
        if (started) {
            return false;
        }
        IntFunction<Object> begin = null;
        BiConsumer<Object, Object[]> end = null;
        boolean jfr = JfrEvents.available();
        if (jfr) {
            begin = JfrEvents.begin();
            end = JfrEvents.end();
        }
        Map.Entry<Supplier<Map<String, Object>>, Consumer<Boolean>> runtime = StatisticsInstaller.start(inst, begin,
                end);
        if (jfr) {
            JfrEvents.register(runtime.getValue());
        }
        Supplier<Map<String, Object>> reader = runtime.getKey();
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName(StatisticsMXBean.NAME);
        if (!server.isRegistered(name)) {
            server.registerMBean(new StatisticsBean(reader, engineProblem), name);
        }
        started = true;
        return true;
    }
}
