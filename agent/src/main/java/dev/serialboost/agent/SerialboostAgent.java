package dev.serialboost.agent;

import dev.serialboost.agent.cli.CommandLine;
import dev.serialboost.agent.config.AgentConfig;
import dev.serialboost.agent.config.ConfigException;
import dev.serialboost.agent.install.ConvertedFormatInstaller;
import dev.serialboost.agent.install.ConvertingTransformer;
import dev.serialboost.agent.install.EngineInstaller;
import dev.serialboost.agent.install.RuntimeInstaller;
import dev.serialboost.agent.stats.AgentStatistics;
import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.TransformOptions;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code -javaagent:} entry point. Start-up does little, catches everything and never rethrows: a
 * configuration problem or an internal failure leaves the whole agent inactive with one clear stderr
 * line, and the application starts as if the agent were absent.
 */
public final class SerialboostAgent {

    private static volatile boolean started;
    /** What of the engine layer start-up found off, for the statistics MBean; null when all of it is on. */
    private static String engineProblem;

    private SerialboostAgent() {
    }

    /** Called before {@code main} when the JVM is started with {@code -javaagent:}. */
    public static void premain(final String args, final Instrumentation inst) {
        start(args, inst, false);
    }

    /** Called when the agent is attached to a running JVM (Attach API). */
    public static void agentmain(final String args, final Instrumentation inst) {
        start(args, inst, true);
    }

    /** {@code java -jar serialboost-agent.jar ...}: the command-line tools ({@link CommandLine}). */
    public static void main(final String[] args) {
        int exit = CommandLine.run(List.of(args), version(), System.out, System.err);
        if (exit != 0 || args.length > 0) {
            System.exit(exit);
        }
    }

    /**
     * Start-up, in its steps: the configuration; with the converted format, the runtime it needs at once; the engine
     * layer; the converted format; the start-up line; the summary at exit when asked.
     */
    private static synchronized void start(final String args, final Instrumentation inst, final boolean attached) {
        long startNanos = System.nanoTime();
        PrintStream err = System.err;
        if (started) {
            secondStart(args, inst, attached, err);
            return;
        }
        try {
            AgentConfig config = AgentConfig.resolve(args, properties(), System.getenv());
            if (!config.enabled()) {
                err.println(StderrReport.PREFIX + version() + " disabled (enabled=false); classes load unchanged");
                return;
            }
            if (config.converts() && !runtimeForConversion(inst, err)) {
                return;
            }
            EngineInstaller.Outcome engine = !config.engine() ? EngineInstaller.Outcome.off(null)
                    : EngineInstaller.install(inst, err, config.verbose(), config.converts());
            StderrReport report = new StderrReport(err, config.verbose(),
                    StderrReport.scanCommand(config.rules(), config.convert()));
            String formatProblem = null;
            int unconverted = 0;
            // conversion is opt-in: with nothing to convert, no converted-format patch and no class-file transformer
            if (config.converts()) {
                formatProblem = ConvertedFormatInstaller.install(inst);
                if (formatProblem == null) {
                    unconverted = ConvertingTransformer.register(inst,
                            new ClassConverter(TransformOptions.DEFAULTS.withPolicy(config.policy())), report,
                            config.dump(), attached);
                }
            }
            engineProblem = engine.problem();
            String stats = config.stats() ? statistics(inst) : null;
            String filters = FilterSteps.start(config, inst, engine.on(), attached);
            started = true;
            report.line(startupLine(config, engine, formatProblem, attached ? unconverted : -1, startNanos)
                    + (stats == null ? "" : "; " + stats) + filters);
            engine.release().run();
            if (config.summary()) {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> report.wholeLine(report.summary()),
                        "serialboost-summary"));
            }
        } catch (ConfigException e) {
            err.println(StderrReport.PREFIX + "configuration error: " + e.getMessage()
                    + "; serialboost stays inactive and the application runs unchanged");
        } catch (Throwable t) {
            err.println(StderrReport.PREFIX + "could not start (" + t + "); serialboost stays inactive and the"
                    + " application runs unchanged");
        }
    }

    /**
     * A second start in a JVM where the agent is active ({@code attach} or {@code stats} after {@code -javaagent} or an
     * earlier attach): only {@code stats=true} (statistics switched on), {@code filter} (installed, if none is) and,
     * when attached, {@code record-classes} (recording started) do anything; one line either way.
     */
    private static void secondStart(final String args, final Instrumentation inst, final boolean attached,
                                    final PrintStream err) {
        AgentConfig config;
        try {
            config = AgentConfig.resolve(args, Map.of(), Map.of());
        } catch (ConfigException e) {
            err.println(StderrReport.PREFIX + "configuration error: " + e.getMessage() + "; nothing changed");
            return;
        }
        List<String> added = new ArrayList<>();
        if (config.stats()) {
            added.add(statistics(inst));
        }
        String filters = FilterSteps.again(config, inst, attached);
        if (filters != null) {
            added.add(filters);
        }
        err.println(StderrReport.PREFIX + "already active in this JVM; "
                + (added.isEmpty() ? "ignoring the second start" : String.join("; ", added)));
    }

    /** Switches statistics on; what the start-up line says of them. */
    private static String statistics(final Instrumentation inst) {
        try {
            return AgentStatistics.start(inst, engineProblem) ? "statistics: on (MBean " + dev.serialboost.agent.stats.StatisticsMXBean.NAME
                    + ")" : "statistics: on already";
        } catch (Throwable t) {
            return "statistics are off, they could not start: " + t;
        }
    }

    /**
     * Defines the runtime now, for converted classes, which may load any time from now on (the engine layer alone
     * defines it when a stream class first loads); whether it can restore final fields. When it cannot, converting
     * only the classes without final fields would split hierarchies: nothing is converted, and nothing else is
     * touched either, so that the application runs exactly as without the agent. The stream classes are then patched
     * engine first, format second: the format must not retransform them after a patch made as they loaded (the
     * retransformation would drop it).
     */
    private static boolean runtimeForConversion(final Instrumentation inst, final PrintStream err) throws Throwable {
        RuntimeInstaller.install(inst);
        String runtimeProblem = RuntimeInstaller.finalFieldsProblem();
        if (runtimeProblem != null) {
            err.println(StderrReport.PREFIX + version() + " cannot use jdk.internal.misc.Unsafe on this JVM ("
                    + runtimeProblem + "); serialboost stays inactive and the application runs unchanged");
            return false;
        }
        return true;
    }

    /**
     * The one line start-up prints.
     *
     * @param unconverted the serializable classes loaded before a late attach, which stay unconverted; -1 when the
     *                    agent started with the JVM or converts nothing
     */
    private static String startupLine(final AgentConfig config, final EngineInstaller.Outcome engine,
                                      final String formatProblem, final int unconverted, final long startNanos) {
        StringBuilder line = new StringBuilder(version()).append(" active in ")
                .append((System.nanoTime() - startNanos) / 1_000_000).append(" ms (")
                .append(engine.on() ? "engine: on" : "engine: off").append("; config: ")
                .append(config.configSource()).append("; converting: ").append(config.converting()).append(')');
        if (engine.problem() != null) {
            line.append(engine.on() ? "; engine layer is partly off: " : "; engine layer is off: ")
                    .append(engine.problem());
        }
        if (formatProblem != null) {
            line.append("; the converted format is off, every class stays plain: ").append(formatProblem);
        }
        if (unconverted >= 0 && config.converts()) {
            line.append("; attached late: ").append(unconverted)
                    .append(" serializable classes already loaded stay unconverted");
        }
        return line.toString();
    }

    private static java.util.Map<String, String> properties() {
        java.util.Map<String, String> copy = new java.util.HashMap<>();
        for (String name : System.getProperties().stringPropertyNames()) {
            copy.put(name, System.getProperty(name));
        }
        return copy;
    }

    static String version() {
        String v = SerialboostAgent.class.getPackage().getImplementationVersion();
        return "serialboost " + (v == null ? "(development build)" : v);
    }
}
