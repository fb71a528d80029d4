package dev.serialboost.agent;

import dev.serialboost.agent.cli.Attach;
import dev.serialboost.agent.cli.Scan;
import dev.serialboost.agent.config.AgentConfig;
import dev.serialboost.agent.config.ConfigException;
import dev.serialboost.agent.install.ConvertedFormatInstaller;
import dev.serialboost.agent.install.ConvertingTransformer;
import dev.serialboost.agent.install.EngineInstaller;
import dev.serialboost.agent.install.RuntimeInstaller;
import dev.serialboost.transformer.converted.ClassHierarchy;
import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.TransformOptions;

import java.io.PrintStream;
import java.io.Serializable;
import java.lang.instrument.Instrumentation;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The {@code -javaagent:} entry point. Start-up does little, catches everything and never rethrows: a
 * configuration problem or an internal failure leaves the whole agent inactive with one clear stderr
 * line, and the application starts as if the agent were absent.
 */
public final class SerialboostAgent {

    private static volatile boolean started;

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

    /**
     * {@code java -jar serialboost-agent.jar scan ...} lists the decisions for the classes of a jar, a
     * directory or a class path (see {@link Scan}); {@code attach PID [settings]} loads the agent into a running
     * JVM (see {@link Attach}); without arguments, explains how to use the jar.
     */
    public static void main(final String[] args) {
        if (args.length > 0 && args[0].equals("scan")) {
            System.exit(Scan.run(java.util.List.of(args).subList(1, args.length), System.out, System.err));
        }
        if (args.length > 0 && args[0].equals("attach")) {
            System.exit(Attach.run(java.util.List.of(args).subList(1, args.length), System.out, System.err));
        }
        System.out.println(version() + " is a Java agent. Attach it with:");
        System.out.println("  java -javaagent:serialboost-agent.jar[=NAME=value,...] -jar your-app.jar");
        System.out.println("or load it into a running JVM (the engine layer then works for every class):");
        System.out.println("  java -jar serialboost-agent.jar attach PID [NAME=value,...]");
        System.out.println("Settings: " + String.join(", ", AgentConfig.SETTINGS) + " (see docs/configuration.md)");
        System.out.println("By default no class is converted; the converted format is opt-in: include rules in the");
        System.out.println("config file, or convert=all. Review what a config would convert first:");
        System.out.println("  java -jar serialboost-agent.jar scan [--config FILE] [--convert all] [--json] your-app.jar");
        System.out.println("and write a rules file that converts just what the scan found convertible:");
        System.out.println("  java -jar serialboost-agent.jar scan --convert all --write-rules serialboost.conf your-app.jar");
    }

    private static synchronized void start(final String args, final Instrumentation inst, final boolean attached) {
        long startNanos = System.nanoTime();
        PrintStream err = System.err;
        if (started) {
            err.println(StderrReport.PREFIX + "already active in this JVM; ignoring the second start");
            return;
        }
        try {
            AgentConfig config = AgentConfig.resolve(args, properties(), System.getenv());
            if (!config.enabled()) {
                err.println(StderrReport.PREFIX + version() + " disabled (enabled=false); classes load unchanged");
                return;
            }
            // the runtime serves the engine layer and converted classes; converted classes may load any time from
            // now on, while the engine layer needs it only when a stream class loads, and defines it then. With the
            // converted format the stream classes are patched now, engine first, then the format (which must not
            // retransform them after a patch made as they loaded: the retransformation would drop it)
            if (config.converts()) {
                RuntimeInstaller.install(inst);
                String runtimeProblem = RuntimeInstaller.finalFieldsProblem();
                if (runtimeProblem != null) {
                    // converting only the classes without final fields would split hierarchies: convert none, and
                    // touch nothing else either, so that the application runs exactly as without the agent
                    err.println(StderrReport.PREFIX + version() + " cannot use jdk.internal.misc.Unsafe on this JVM ("
                            + runtimeProblem + "); serialboost stays inactive and the application runs unchanged");
                    return;
                }
            }
            EngineInstaller.Outcome engine = !config.engine() ? EngineInstaller.Outcome.off(null)
                    : EngineInstaller.install(inst, err, config.verbose(), config.converts());
            StderrReport report = new StderrReport(err, config.verbose(), StderrReport.scanCommand(config.rules(), config.convert()));
            String formatProblem = null;
            int loadedSerializable = 0;
            // conversion is opt-in: with nothing to convert, no converted-format patch and no class-file transformer
            if (config.converts()) {
                formatProblem = ConvertedFormatInstaller.install(inst);
            }
            if (config.converts() && formatProblem == null) {
                TransformOptions options = TransformOptions.DEFAULTS.withPolicy(config.policy());
                Set<String> loaded = new HashSet<>();
                Map<String, Class<?>> loadedJdk = new HashMap<>();
                for (Class<?> c : inst.getAllLoadedClasses()) {
                    String name = c.getName().replace('.', '/');
                    loaded.add(name);
                    ClassLoader loader = c.getClassLoader();
                    if ((loader == null || loader == ClassLoader.getPlatformClassLoader()) && !c.isArray()
                            && !c.isHidden() && (name.startsWith("java/") || ClassHierarchy.hasJdkPackageName(name))) {
                        loadedJdk.put(name, c);
                    }
                    if (attached && Serializable.class.isAssignableFrom(c) && !c.isArray() && !c.isPrimitive()
                            && !ConvertingTransformer.ignored(name, loader)) {
                        loadedSerializable++;
                    }
                }
                ClassHierarchy.useLoadedJdkClasses(loadedJdk);
                inst.addTransformer(new ConvertingTransformer(new ClassConverter(options), report,
                        config.dump(), loaded), false);
            }
            started = true;
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
            if (attached && config.converts()) {
                line.append("; attached late: ").append(loadedSerializable)
                        .append(" serializable classes already loaded stay unconverted");
            }
            report.line(line.toString());
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
