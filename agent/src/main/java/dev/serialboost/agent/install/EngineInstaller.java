package dev.serialboost.agent.install;

import dev.serialboost.agent.StderrReport;
import dev.serialboost.transformer.converted.ConvertedFormatPatches;
import dev.serialboost.transformer.engine.EnginePatches;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.kit.JdkPatch;
import dev.serialboost.transformer.kit.JdkPatchSet;

import java.io.PrintStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Switches on the engine layer: applies the patches of {@link EnginePatches#set()}, class by class, in their order
 * (each class's own patch, then its parts, each checked first: {@link JdkPatchSet#apply}), and opens {@code java.io}
 * to the runtime. A class whose own patch does not fit stays as the JDK ships it; a part that does not fit is left
 * out, and said once per name; a class the JDK does not have, or whose code does the job already, is left alone
 * without a word.
 *
 * <p>Nothing of this happens at start-up unless it must. A class not loaded yet (the normal case under {@code
 * -javaagent}) is patched as the JVM loads it, by this class-file transformer; the runtime is defined only when the
 * first class whose patches call it loads, so an application that never serializes pays for none of it (the patches'
 * declarations and their bytecode work load only when their class does), and one that does pays
 * when it first needs a stream class. The transformer is removed once every class of the set is patched, found of
 * another shape, or found missing (JDK 21 and later have no {@code java.io.Bits}), so from then on no class load
 * passes through it; until then it patches a class again when another agent retransforms it. After that, another
 * agent's retransformation of a stream class leaves that class unpatched: the JDK's own code, all of it, as without
 * the agent. A class already loaded (dynamic attach, another agent that loaded it first) is patched at once by
 * retransformation, with a {@link JdkClassPatcher}, which stays registered, as before.
 */
public final class EngineInstaller implements ClassFileTransformer {

    /**
     * What came of switching the engine on, as far as start-up can tell.
     *
     * @param on      whether any of it is on (or will be, as the stream classes load)
     * @param problem null when all of it is on, else what is off and why
     * @param release prints the verbose lines of classes patched during start-up, which wait for the start-up
     *                line; from then on such lines are printed as classes are patched
     */
    public record Outcome(boolean on, String problem, Runnable release) {
        public static Outcome off(final String why) {
            return new Outcome(false, why, () -> { });
        }
    }

    /**
     * One class of the set, and what came of patching it; guarded by the installer. Its patches are asked for only
     * once it is patched: declaring them is not for start-up ({@link EnginePatches#TARGETS}).
     */
    private static final class Target {
        /** Its internal name, and as users read it. */
        final String name;
        final String binaryName;
        /** Null while not patched, "" once patched (or found to need nothing), else why it was not. */
        String outcome;
        /** Whether this transformer patched it as it loaded. */
        boolean patchedAtLoad;

        Target(final String name) {
            this.name = name;
            this.binaryName = name.replace('/', '.');
        }

        /** Its own patch, the first of its patches. */
        JdkPatch own() {
            return EnginePatches.set().own(name);
        }

        /** Whether any of its patches calls the runtime. */
        boolean callsRuntime() {
            for (JdkPatch patch : EnginePatches.set().of(name)) {
                if (patch.callsRuntime()) {
                    return true;
                }
            }
            return false;
        }

        /** Whether it is one of the engine's essential classes and failed: not patched, and not for want of need. */
        boolean failedEssential() {
            return own().essential() && outcome != null && !outcome.isEmpty();
        }
    }

    private final Instrumentation inst;
    private final PrintStream err;
    /** Whether each class patched is told on a line of its own ({@code verbose=true}). */
    private final boolean verbose;
    /** The classes of the set, in its order. */
    private final List<Target> targets = new ArrayList<>();
    /** The verbose lines told before the start-up line, until {@link Outcome#release}; then null. */
    private List<String> held = new ArrayList<>();
    /** Whether the runtime still has to be defined in the bootstrap loader (the default mode defers it). */
    private boolean runtimeMissing;
    /** Whether {@link #prepare} ran; guarded by {@code this}, as are the fields below. */
    private boolean prepared;
    /** Why the engine cannot be set up at all; null when it can. */
    private String setupProblem;
    /** Whether {@link #setupProblem} was told (on a line of its own, or in the start-up line). */
    private boolean setupTold;
    /** The names of the parts left out and told, each once for all its classes. */
    private final Set<String> partsTold = new HashSet<>();

    private EngineInstaller(final Instrumentation inst, final PrintStream err, final boolean verbose,
                            final boolean runtimeMissing) {
        this.inst = inst;
        this.err = err;
        this.verbose = verbose;
        this.runtimeMissing = runtimeMissing;
        for (String target : EnginePatches.TARGETS) {
            targets.add(new Target(target));
        }
    }

    /**
     * Arms the engine layer: registers the transformer that patches the classes of the set as they load, and patches
     * those already loaded. Never throws.
     *
     * @param err       where a class that turns out to have another shape is told about, once
     * @param verbose   whether each class patched is told too ({@code engine: patched java.io.Bits as it loaded})
     * @param converted whether the converted format is on: the runtime is then defined already, and the classes the
     *                  format patches too (the two stream classes) are patched now, by retransformation, loading them
     *                  if needed, because the format retransforms them right after, which starts from the JDK's class
     *                  file and would drop a patch made as they loaded
     */
    public static Outcome install(final Instrumentation inst, final PrintStream err, final boolean verbose,
                                  final boolean converted) {
        try {
            EngineInstaller installer = new EngineInstaller(inst, err, verbose, !converted);
            if (converted) {
                for (Target target : installer.targets) {
                    if (ConvertedFormatPatches.CLASSES.contains(target.name)) {
                        Class.forName(target.binaryName, false, null);
                    }
                }
            }
            // retransformation-capable: measured, the JVM hands each class load to such a transformer at about
            // half the cost per class of one that is not (JDK 17, 4,204 library classes: +12 against +28 us); with
            // the converted format, only the classes that load with the first stream (Bits, PeekInputStream,
            // FieldValues, ...) can still load through it
            inst.addTransformer(installer, true);
            // each class loaded by now is patched by retransformation (with the converted format: both stream ones)
            return installer.patchLoaded();
        } catch (Throwable t) {
            return Outcome.off(t.toString());
        }
    }

    @Override
    public byte[] transform(final ClassLoader loader, final String className, final Class<?> classBeingRedefined,
                            final ProtectionDomain protectionDomain, final byte[] classfileBuffer) {
        // the cost of every other class load while this is registered: a null check, or for a JDK class a few string
        // compares
        if (loader != null || className == null) {
            return null;
        }
        // indexed, no iterator: in a JVM attached to before it ever iterated an ArrayList, ArrayList$Itr may be the
        // very class loading through here, which an iterator here would make a ClassCircularityError for good
        for (int i = 0; i < targets.size(); i++) {
            Target target = targets.get(i);
            if (target.name.equals(className)) {
                return classBeingRedefined == null ? patchAtLoad(target, classfileBuffer)
                        : patchAgain(target, classfileBuffer);
            }
        }
        return null;
    }

    /**
     * Another agent retransforms a class this transformer patched as it loaded, while it is still registered: the
     * JVM starts again from the original class file, so the patch is made again. (A class patched by retransformation
     * at start-up has its own {@link JdkClassPatcher} for that.)
     */
    private synchronized byte[] patchAgain(final Target target, final byte[] classFile) {
        if (!target.patchedAtLoad) {
            return null;
        }
        try {
            return patch(target, classFile);
        } catch (Throwable t) {
            return null; // the class was of the shape when it loaded; its original class file cannot differ now
        }
    }

    private synchronized byte[] patchAtLoad(final Target target, final byte[] classFile) {
        if (target.outcome != null) {
            return null;
        }
        byte[] patched = null;
        // a class whose patches need nothing of the runtime needs nothing prepared; but when the engine cannot be set
        // up at all, it stays off as a whole
        String problem = target.callsRuntime() ? prepare() : setupProblem;
        if (problem != null && !setupTold) {
            setupTold = true;
            err.println(StderrReport.PREFIX + "engine layer is off: " + problem);
        } else if (problem == null) {
            try {
                patched = patch(target, classFile);
            } catch (Throwable t) {
                problem = "could not patch " + target.binaryName + ": " + t;
            }
            if (problem != null) {
                // the last essential class of the engine off: then all of it is
                boolean othersOff = target.own().essential();
                for (Target other : targets) {
                    othersOff &= other == target || !other.own().essential() || other.failedEssential();
                }
                err.println(StderrReport.PREFIX + (othersOff ? "engine layer is off: " : "engine layer is partly off: ")
                        + target.own().name() + ": " + problem);
            }
        }
        target.outcome = problem == null ? "" : problem;
        target.patchedAtLoad = patched != null;
        if (patched != null) {
            told(target, "as it loaded");
        }
        removeWhenDone();
        return patched;
    }

    /**
     * The class file with the class's patches applied (calling the runtime by its installed names); null: nothing to
     * do. The JDK class files the checks need are read as the agent's action, each once (the two parts of {@code
     * readNonProxyDesc} both read {@code ObjectStreamClass}). Under {@code this}.
     *
     * @throws IllegalStateException when the class's own patch does not fit
     */
    private byte[] patch(final Target target, final byte[] classFile) {
        byte[][] patched = new byte[1][];
        // what the action threw, rethrown here: asAgent runs an action again when it throws a LinkageError
        Throwable[] failed = new Throwable[1];
        Map<String, byte[]> read = new HashMap<>();
        ClassFileSource jdk = ClassFileSource.of(null);
        asAgent(() -> {
            try {
                patched[0] = EnginePatches.set().apply(target.name, classFile,
                        name -> read.computeIfAbsent(name, jdk::read), this::partOff);
            } catch (RuntimeException | Error e) {
                failed[0] = e;
            }
        });
        if (failed[0] instanceof Error e) {
            throw e;
        } else if (failed[0] != null) {
            throw (RuntimeException) failed[0];
        }
        return patched[0];
    }

    /** A part of a class left out: said once per name, whatever class it is a part of. */
    private void partOff(final JdkPatch part, final String why) {
        if (partsTold.add(part.name())) {
            err.println(StderrReport.PREFIX + "engine layer is partly off: " + part.name() + ": " + why);
        }
    }

    private synchronized void told(final Target target, final String how) {
        if (verbose) {
            String line = StderrReport.PREFIX + "engine: patched " + target.binaryName + " " + how;
            if (held != null) {
                held.add(line);
            } else {
                err.println(line);
            }
        }
    }

    private synchronized void release() {
        for (String line : held) {
            err.println(line);
        }
        held = null;
    }

    /** Unregisters this transformer once no class it patches can still load. Under {@code this}. */
    private void removeWhenDone() {
        for (Target target : targets) {
            if (target.outcome == null) {
                return;
            }
        }
        inst.removeTransformer(this);
    }

    /**
     * Once: defines the runtime if needed and opens {@code java.io} to it. Runs inside the loading of a stream class,
     * so it must not load either of them: nothing here initializes the runtime's {@code Engine}, whose method handles
     * are made when patched code first calls it.
     *
     * <p>It runs on the thread whose code first needs a stream class, under that code's permissions when a Security
     * Manager is on (JDK 17-23): as the agent's own action, so that a policy granting the agent jar is enough.
     *
     * @return null when the classes can be patched, else why not
     */
    private String prepare() {
        if (prepared) {
            return setupProblem;
        }
        prepared = true;
        asAgent(this::setUp);
        return setupProblem;
    }

    /**
     * Runs {@code action} as the agent's own action when a Security Manager is on (JDK 17-23): the thread is the
     * application's, whose code first needed a stream class.
     */
    @SuppressWarnings("removal") // AccessController: a Security Manager (JDK 17-23) must not see the caller's frames
    private static void asAgent(final Runnable action) {
        try {
            java.security.AccessController.doPrivileged((java.security.PrivilegedAction<Void>) () -> {
                action.run();
                return null;
            });
        } catch (LinkageError e) {
            action.run(); // a JDK without AccessController (deprecated for removal) has no Security Manager either
        }
    }

    /** What {@link #prepare} does; sets {@link #setupProblem} when it cannot be done. */
    private void setUp() {
        try {
            if (runtimeMissing) {
                RuntimeInstaller.install(inst);
                runtimeMissing = false;
            }
            // the stream code catches EOFException where a deep graph's StackOverflowError passes (reading block
            // data); were the class first loaded there, its loading would pass through this transformer on an
            // exhausted stack, and the JDK's agent code would print "java.lang.instrument ASSERTION FAILED"
            Class.forName("java.io.EOFException", false, null);
            ClassFileSource jdk = ClassFileSource.of(null);
            for (Target target : targets) {
                if (target.outcome == null && target.own().known().mayBeAbsent() && jdk.read(target.name) == null) {
                    target.outcome = ""; // java.io.Bits on JDK 21 and later: their stream classes do without it
                }
            }
        } catch (Throwable t) {
            setupProblem = t.toString();
        }
    }

    /** Patches by retransformation each class of the set already loaded; what start-up can tell. */
    private Outcome patchLoaded() throws Exception {
        Map<Target, Class<?>> loaded = new HashMap<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            // ask the cheap questions first: a bootstrap class of java.io, then its name
            if (c.getClassLoader() == null && c.getName().startsWith("java.io.")) {
                for (Target target : targets) {
                    if (c.getName().equals(target.binaryName)) {
                        loaded.put(target, c);
                    }
                }
            }
        }
        Map<Target, String> problems = new HashMap<>();
        synchronized (this) {
            for (Target target : targets) {
                if (!loaded.containsKey(target) || target.outcome != null) {
                    continue; // patched as it loads, or already as it loaded
                }
                JdkPatch own = target.own();
                ClassFileSource jdk = ClassFileSource.of(null); // only here: its lambda links when first made
                if (own.known().mayBeUnneeded() && own.unneeded(jdk.read(target.name), jdk)) {
                    target.outcome = ""; // writing strings on JDK 25 and later: nothing to patch
                    continue;
                }
                String problem = target.callsRuntime() ? prepare() : setupProblem;
                if (problem == null) {
                    // each class is checked as it is patched, before anything in it changes; a class of another
                    // shape stays as it is, and the others work on their own (write and read side are independent)
                    problem = JdkClassPatcher.apply(inst, List.of(target.name), (name, bytes) -> patch(target, bytes));
                }
                target.outcome = problem == null ? "" : problem;
                if (problem != null) {
                    problems.put(target, problem);
                } else {
                    told(target, "by retransformation");
                }
            }
            removeWhenDone();
        }
        synchronized (this) {
            if (setupProblem != null) {
                setupTold = true;
                return new Outcome(false, setupProblem, this::release);
            }
        }
        if (problems.isEmpty()) {
            return new Outcome(true, null, this::release);
        }
        // in the order of the set; with every essential class off, the engine is off
        List<String> essentials = new ArrayList<>();
        List<String> off = new ArrayList<>();
        boolean allEssentialOff = true;
        for (Target target : targets) {
            String problem = problems.get(target);
            if (target.own().essential()) {
                allEssentialOff &= problem != null;
                if (problem != null) {
                    essentials.add(problem);
                }
            }
            if (problem != null) {
                off.add(target.own().name() + ": " + problem);
            }
        }
        if (allEssentialOff && !essentials.isEmpty()) {
            return new Outcome(false, String.join("; ", essentials), this::release);
        }
        return new Outcome(true, String.join("; ", off), this::release);
    }
}
