package dev.serialboost.agent.cli;

import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code java -jar serialboost-agent.jar attach PID [NAME=value,...]}: loads the agent into a running JVM through
 * the Attach API ({@code jdk.attach}), with the given settings. The engine layer then works for every class,
 * those loaded before included; the target prints the agent's start-up line on its own stderr. The Attach API is
 * reached by reflection so that the agent itself does not need {@code jdk.attach} to load.
 */
public final class Attach {

    private Attach() {
    }

    /** @return the exit status: 0 when the agent was loaded, 1 when it could not be, 64 for bad arguments */
    public static int run(final List<String> args, final PrintStream out, final PrintStream err) {
        if (args.isEmpty() || args.size() > 2 || !args.get(0).matches("\\d+")) {
            err.println("usage: java -jar serialboost-agent.jar attach PID [NAME=value,...]");
            return 64;
        }
        String settings = args.size() == 2 ? args.get(1) : "";
        try {
            Path jar = Path.of(Attach.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Class<?> vmClass = Class.forName("com.sun.tools.attach.VirtualMachine");
            Object vm = vmClass.getMethod("attach", String.class).invoke(null, args.get(0));
            try {
                Method load = vmClass.getMethod("loadAgent", String.class, String.class);
                load.invoke(vm, jar.toString(), settings);
            } finally {
                vmClass.getMethod("detach").invoke(vm);
            }
            out.println("serialboost loaded into JVM " + args.get(0) + (settings.isEmpty() ? "" : " with " + settings)
                    + "; its start-up line is on that JVM's stderr");
            return 0;
        } catch (ClassNotFoundException e) {
            err.println("this Java has no Attach API (module jdk.attach); run the command with a full JDK");
            return 1;
        } catch (java.lang.reflect.InvocationTargetException e) {
            err.println("could not load serialboost into JVM " + args.get(0) + ": " + e.getCause());
            return 1;
        } catch (ReflectiveOperationException | URISyntaxException | RuntimeException e) {
            err.println("could not load serialboost into JVM " + args.get(0) + ": " + e);
            return 1;
        }
    }
}
