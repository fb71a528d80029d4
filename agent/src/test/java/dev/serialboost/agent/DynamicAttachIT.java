package dev.serialboost.agent;

import com.sun.tools.attach.VirtualMachine;

import dev.serialboost.it.StreamFlags;
import dev.serialboost.it.attach.AttachTarget;
import dev.serialboost.it.attach.EngineAttachTarget;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The agent attached to a running JVM (Attach API, from this test JVM). In its default mode it switches the engine
 * layer on for every class, those loaded before included, and the streams stay byte for byte the same. With
 * {@code convert=all}, classes loaded before stay as they are, and the start-up line says how many serializable
 * ones there are; classes loaded afterwards are converted, except a subclass of a class that stayed plain, which
 * must keep working.
 */
class DynamicAttachIT {

    private static final String PKG = "dev.serialboost.it.attach.";
    private static final Pattern LATE = Pattern.compile(Pattern.quote(JvmRunner.PREFIX)
            + "serialboost \\S+ active in \\d+ ms \\(engine: on; config: no config file; converting: all eligible classes\\);"
            + " attached late: (\\d+) serializable classes already loaded stay unconverted");

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void attachingTurnsTheEngineOnForClassesLoadedBeforeWithTheSameBytes(final Jdk jdk) throws Exception {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).run(EngineAttachTarget.class);
        JvmResult attached = attach(jdk, EngineAttachTarget.class, "summary=true,verbose=true", true);

        List<String> p = plain.stdoutLines();
        List<String> a = attached.stdoutLines();
        String same = " equal=true engine-in-write=false engine-in-read=false";
        List<String> problems = new ArrayList<>();
        if (p.size() != 3 || a.size() != 3) {
            throw attached.fail("expected 3 stdout lines in both runs\n" + plain.describe());
        }
        expect(problems, "without the agent, the same bytes in both phases and no engine",
                p.get(0).startsWith("before: sha-256=") && p.get(0).endsWith(same)
                        && p.get(2).equals(p.get(0).replace("before: ", "after: ")), p.get(0) + " / " + p.get(2));
        expect(problems, "before the attach, as without the agent", a.get(0).equals(p.get(0)), a.get(0));
        expect(problems, "after the attach, the same bytes and graphs, and the engine on the stack of both streams",
                a.get(2).equals(p.get(2).replace(same, " equal=true engine-in-write=true engine-in-read=true")),
                a.get(2));
        if (attached.agentLines().stream().noneMatch(l -> l.contains("(engine: on; "))) {
            problems.add("the start-up line does not say the engine is on: " + attached.agentLines());
        }
        // every class the engine patches was loaded before the attach: each is patched by retransformation, Bits
        // exactly where the JDK has it, the block stream where it copies strings byte by byte
        for (String c : EngineRuns.patchedClasses()) {
            boolean expected = EngineRuns.patchedOn(jdk, c);
            String line = JvmRunner.PREFIX + "engine: patched " + c + " by retransformation";
            expect(problems, (expected ? "" : "no ") + "verbose line '" + line + "'",
                    attached.agentLines().contains(line) == expected, attached.agentLines().toString());
        }
        problems.addAll(attached.stderrProblems());
        if (!problems.isEmpty()) {
            throw attached.fail(jdk + ": " + problems.size() + " problem(s):\n  - " + String.join("\n  - ", problems)
                    + "\n" + plain.describe());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void classesLoadedAfterAttachAreConvertedAndEarlierOnesStayPlain(final Jdk jdk) throws Exception {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).run(AttachTarget.class);
        JvmResult attached = attach(jdk, AttachTarget.class, "convert=all,summary=true,verbose=true", false);

        List<String> problems = new ArrayList<>();
        List<String> p = plain.stdoutLines();
        List<String> a = attached.stdoutLines();
        if (p.size() != 6 || a.size() != 6) {
            throw attached.fail("expected 6 stdout lines in both runs\n" + plain.describe());
        }
        String plainClass = "externalizable=false converted=false";
        expect(problems, "before the agent", p.get(0).startsWith("before: A " + plainClass + " flags=0x02 copy: ")
                && a.get(0).equals(p.get(0)), a.get(0));
        expect(problems, "without the agent", p.get(2).equals("after: A " + plainClass + " B " + plainClass + " C "
                + plainClass), p.get(2));
        expect(problems, "A loaded before the agent stays plain, B loaded after is converted (and still not"
                + " Externalizable), C extends plain A", a.get(2).equals("after: A " + plainClass
                + " B externalizable=false converted=true C " + plainClass), a.get(2));
        // same copies as without the agent; only B is in the converted layout on the wire
        expect(problems, "A round-trips plainly", a.get(3).equals(p.get(3)) && p.get(3).startsWith("A flags=0x02 "),
                a.get(3) + " vs " + p.get(3));
        expect(problems, "B round-trips converted", a.get(4).equals(p.get(4).replace("B flags=0x02 ",
                "B flags=" + StreamFlags.CONVERTED_LAYOUT + " "))
                && p.get(4).startsWith("B flags=0x02 "), a.get(4) + " vs " + p.get(4));
        expect(problems, "C round-trips plainly, all its fields and its superclass's included",
                a.get(5).equals(p.get(5)) && p.get(5).startsWith("C flags=0x02 ")
                        && p.get(5).contains(PKG + "C.extra: ") && p.get(5).contains(PKG + "A.text: "),
                a.get(5) + " vs " + p.get(5));

        Matcher late = null;
        for (String line : attached.agentLines()) {
            Matcher m = LATE.matcher(line);
            if (m.matches()) {
                late = m;
            }
        }
        if (late == null) {
            problems.add("no start-up line saying how many loaded serializable classes stay unconverted");
        } else if (Integer.parseInt(late.group(1)) != 1) {
            problems.add("the start-up line counts " + late.group(1) + " serializable classes loaded before the agent;"
                    + " the app had loaded exactly one (A)");
        }
        if (attached.agentLines().stream().noneMatch(l -> l.startsWith(JvmRunner.PREFIX + PKG + "B converted ("))) {
            problems.add("no verbose line saying B was converted");
        }
        if (attached.agentLines().stream().noneMatch(l -> l.startsWith(JvmRunner.PREFIX + PKG + "C skipped: "))) {
            problems.add("no verbose line saying C was skipped");
        }
        problems.addAll(attached.stderrProblems());
        if (!problems.isEmpty()) {
            throw attached.fail(jdk + ": " + problems.size() + " problem(s):\n  - " + String.join("\n  - ", problems)
                    + "\n" + plain.describe());
        }
    }

    /**
     * Starts {@code main}, attaches the agent with {@code args} once it prints READY (with the agent jar's
     * {@code attach} command on the same JDK, or the Attach API from this JVM), lets it go on, waits.
     */
    private static JvmResult attach(final Jdk jdk, final Class<?> main, final String args, final boolean command)
            throws Exception {
        JvmRunner runner = JvmRunner.on(jdk).expectAttachedAgent();
        if (jdk.feature() >= 21) {
            runner.jvmArgs("-XX:+EnableDynamicAgentLoading"); // or the JVM warns about the dynamic agent (JEP 451)
        }
        JvmRunner.Running target = runner.start(main);
        try {
            target.awaitStdoutLine("READY");
            if (command) {
                Process attach = new ProcessBuilder(jdk.java().toString(), "-jar", JvmRunner.agentJar().toString(),
                        "attach", String.valueOf(target.pid()), args).redirectErrorStream(true).start();
                String output = new String(attach.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!attach.waitFor(60, TimeUnit.SECONDS) || attach.exitValue() != 0
                        || !output.startsWith("serialboost loaded into JVM " + target.pid() + " with " + args)) {
                    throw new AssertionError("java -jar serialboost-agent.jar attach failed: " + output);
                }
            } else {
                VirtualMachine vm = VirtualMachine.attach(String.valueOf(target.pid()));
                try {
                    vm.loadAgent(JvmRunner.agentJar().toString(), args);
                } finally {
                    vm.detach();
                }
            }
        } catch (Exception | AssertionError e) {
            target.kill();
            throw e;
        }
        target.writeStdin("go\n");
        return target.finish();
    }

    private static void expect(final List<String> problems, final String what, final boolean ok, final String got) {
        if (!ok) {
            problems.add(what + ": " + got);
        }
    }
}
