package dev.serialboost.agent;

import com.sun.tools.attach.VirtualMachine;

import dev.serialboost.it.attach.AttachTarget;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The agent attached to a running JVM (Attach API, from this test JVM): classes loaded before stay as they are,
 * and the start-up line says how many serializable ones there are; classes loaded afterwards are converted,
 * except a subclass of a class that stayed plain, which must keep working.
 */
class DynamicAttachIT {

    private static final String PKG = "dev.serialboost.it.attach.";
    private static final Pattern LATE = Pattern.compile(Pattern.quote(JvmRunner.PREFIX)
            + "serialboost \\S+ active in \\d+ ms \\(engine: on; config: no config file; converting: all eligible classes\\);"
            + " attached late: (\\d+) serializable classes already loaded stay unconverted");

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void classesLoadedAfterAttachAreConvertedAndEarlierOnesStayPlain(final Jdk jdk) throws Exception {
        jdk.assumeInstalled();
        JvmResult plain = JvmRunner.on(jdk).run(AttachTarget.class);

        JvmRunner runner = JvmRunner.on(jdk).expectAttachedAgent();
        if (jdk.feature() >= 21) {
            runner.jvmArgs("-XX:+EnableDynamicAgentLoading"); // or the JVM warns about the dynamic agent (JEP 451)
        }
        JvmRunner.Running target = runner.start(AttachTarget.class);
        try {
            target.awaitStdoutLine("READY");
            VirtualMachine vm = VirtualMachine.attach(String.valueOf(target.pid()));
            try {
                vm.loadAgent(JvmRunner.agentJar().toString(), "convert=all,summary=true,verbose=true");
            } finally {
                vm.detach();
            }
        } catch (Exception | AssertionError e) {
            target.kill();
            throw e;
        }
        target.writeStdin("go\n");
        JvmResult attached = target.finish();

        List<String> problems = new ArrayList<>();
        List<String> p = plain.stdoutLines();
        List<String> a = attached.stdoutLines();
        if (p.size() != 6 || a.size() != 6) {
            throw attached.fail("expected 6 stdout lines in both runs\n" + plain.describe());
        }
        expect(problems, "before the agent", p.get(0).startsWith("before: A externalizable=false flags=0x02 copy: ")
                && a.get(0).equals(p.get(0)), a.get(0));
        expect(problems, "without the agent", p.get(2).equals("after: A externalizable=false B externalizable=false"
                + " C externalizable=false"), p.get(2));
        expect(problems, "A loaded before the agent stays plain, B loaded after is converted, C extends plain A",
                a.get(2).equals("after: A externalizable=false B externalizable=true C externalizable=false"), a.get(2));
        // same copies as without the agent; only B goes through the Externalizable path (0x0c) on the wire
        expect(problems, "A round-trips plainly", a.get(3).equals(p.get(3)) && p.get(3).startsWith("A flags=0x02 "),
                a.get(3) + " vs " + p.get(3));
        expect(problems, "B round-trips converted", a.get(4).equals(p.get(4).replace("B flags=0x02 ", "B flags=0x0c "))
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

    private static void expect(final List<String> problems, final String what, final boolean ok, final String got) {
        if (!ok) {
            problems.add(what + ": " + got);
        }
    }
}
