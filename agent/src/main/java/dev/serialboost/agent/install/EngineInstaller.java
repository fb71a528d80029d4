package dev.serialboost.agent.install;

import dev.serialboost.agent.StderrReport;
import dev.serialboost.transformer.engine.ArrayReadsPatch;
import dev.serialboost.transformer.engine.BitsPatch;
import dev.serialboost.transformer.kit.ClassFileSource;
import dev.serialboost.transformer.engine.EnginePatches;
import dev.serialboost.transformer.engine.FieldAccessPatch;
import dev.serialboost.transformer.engine.HandleTablePatch;
import dev.serialboost.transformer.engine.PrimitiveArraysPatch;
import dev.serialboost.transformer.engine.StringReadsPatch;
import dev.serialboost.transformer.engine.StringWritesPatch;

import java.io.PrintStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.List;

/**
 * Switches on the engine layer: patches method bodies of {@code ObjectOutputStream} and {@code ObjectInputStream}, each
 * after checking it has the shape {@link EnginePatches} expects, and opens {@code java.io} to the runtime; {@code
 * ObjectInputStream$PeekInputStream}, as {@link ArrayReadsPatch} says, where {@code ByteArrayInputStream} is one it
 * knows; the two places where primitive fields are copied ({@code ObjectOutputStream} and {@code
 * ObjectInputStream$FieldValues}), as {@link FieldAccessPatch} says, where {@code FieldReflector} is one it knows; the
 * array paths of the two stream classes, as {@link PrimitiveArraysPatch} says, where the code it repeats is known; the
 * reading side's strings ({@code ObjectInputStream$BlockDataInputStream}), as {@link StringReadsPatch} says; the
 * writing side's handle table ({@code ObjectOutputStream$HandleTable}), as {@link HandleTablePatch} says; on JDK 17
 * and 21, the writing side's strings ({@code ObjectOutputStream$BlockDataOutputStream}), as {@link StringWritesPatch}
 * says; and, on a JDK whose stream classes pack primitives through {@code java.io.Bits} (17), that class too, as
 * {@link BitsPatch} says. None of the last three needs anything of the runtime.
 *
 * <p>Nothing of this happens at start-up unless it must. A stream class not loaded yet (the normal case under {@code
 * -javaagent}) is patched as the JVM loads it, by this class-file transformer; only then are the runtime defined,
 * {@code ObjectStreamClass} fingerprinted and the class parsed, so an application that never serializes pays for none
 * of it, and one that does pays when it first needs a stream class. The transformer is removed once the classes are
 * patched (or found of another shape, or {@code Bits} found missing: JDK 21 and later have none), so from then on no
 * class load passes through it ({@code Bits} loads with the first primitive a stream writes); until then it patches a
 * class again when another agent retransforms it. After that, another agent's retransformation of a stream class leaves
 * that class unpatched: the JDK's own code, all of it, as without the agent. A stream class already loaded (dynamic
 * attach, another agent that loaded it first) is patched at once by retransformation, with a {@link JdkClassPatcher},
 * which stays registered, as before.
 */
public final class EngineInstaller implements ClassFileTransformer {

    private static final String ENGINE = RuntimeInstaller.installed("engine/Engine");
    /** The classes patched, in the order of {@link #outcome}. */
    private static final String[] CLASSES = {EnginePatches.OBJECT_OUTPUT_STREAM, EnginePatches.OBJECT_INPUT_STREAM,
        BitsPatch.BITS, ArrayReadsPatch.PEEK_INPUT_STREAM, FieldAccessPatch.FIELD_VALUES, HandleTablePatch.HANDLE_TABLE,
        StringReadsPatch.BLOCK_DATA_INPUT_STREAM, StringWritesPatch.BLOCK_DATA_OUTPUT_STREAM};
    private static final String[] CLASS_NAMES = {"java.io.ObjectOutputStream", "java.io.ObjectInputStream",
        "java.io.Bits", "java.io.ObjectInputStream$PeekInputStream", "java.io.ObjectInputStream$FieldValues",
        "java.io.ObjectOutputStream$HandleTable", "java.io.ObjectInputStream$BlockDataInputStream",
        "java.io.ObjectOutputStream$BlockDataOutputStream"};
    /** What the patches of each class are for, for the lines that say one is off. */
    private static final String[] SIDES = {"writing", "reading", "primitives", "reading byte arrays",
        "field copies", "back-reference lookups", "reading strings", "writing strings"};
    /** The index of {@code java.io.Bits} in {@link #CLASSES}; the two before it are the stream classes. */
    private static final int BITS = 2;
    /** The index of {@code ObjectInputStream$PeekInputStream} in {@link #CLASSES}. */
    private static final int PEEK = 3;
    /** The index of {@code ObjectInputStream$FieldValues} in {@link #CLASSES}. */
    private static final int FIELDS = 4;
    /** The index of {@code ObjectOutputStream$HandleTable} in {@link #CLASSES}. */
    private static final int HANDLES = 5;
    /** The index of {@code ObjectInputStream$BlockDataInputStream} in {@link #CLASSES}. */
    private static final int STRINGS = 6;
    /** The index of {@code ObjectOutputStream$BlockDataOutputStream} in {@link #CLASSES}. */
    private static final int STRING_WRITES = 7;

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

    private final Instrumentation inst;
    private final PrintStream err;
    /** Whether each class patched is told on a line of its own ({@code verbose=true}). */
    private final boolean verbose;
    /** The verbose lines told before the start-up line, until {@link Outcome#release}; then null. */
    private List<String> held = new java.util.ArrayList<>();
    /** Whether the runtime still has to be defined in the bootstrap loader (the default mode defers it). */
    private boolean runtimeMissing;
    /** Whether {@link #prepare} ran; guarded by {@code this}, as are the fields below. */
    private boolean prepared;
    /** Why the engine cannot be set up at all; null when it can. */
    private String setupProblem;
    /** Whether {@link #setupProblem} was told (on a line of its own, or in the start-up line). */
    private boolean setupTold;
    private boolean recognise;
    private boolean bind;
    /**
     * Whether {@code ByteArrayInputStream}'s reads are the ones {@code ArrayReads} repeats; null until {@code
     * PeekInputStream} loads (see {@link #arrayReads()}).
     */
    private Boolean arrayReads;
    /**
     * Whether {@code ObjectStreamClass$FieldReflector}'s copies are the ones the generated code repeats; null until the
     * first class whose patch needs it loads (see {@link #fieldCopies()}).
     */
    private Boolean fieldCopies;
    /** Whether a write-side field copy patch that did not fit was told. */
    private boolean fieldCopiesTold;
    /**
     * Null when the block streams' and byte-array streams' array code is the one {@code PrimitiveArrays} repeats, else
     * why the array paths stay the JDK's.
     */
    private String primitiveArraysProblem = "not checked";
    /** Whether an array patch that is off was told (once for both stream classes). */
    private boolean primitiveArraysTold;
    /** Per class of {@link #CLASSES}: null while not patched, "" once patched, else why it was not. */
    private final String[] outcome = new String[CLASSES.length];
    /** Per class of {@link #CLASSES}: whether this transformer patched it as it loaded. */
    private final boolean[] patchedAtLoad = new boolean[CLASSES.length];

    private EngineInstaller(final Instrumentation inst, final PrintStream err, final boolean verbose,
                            final boolean runtimeMissing) {
        this.inst = inst;
        this.err = err;
        this.verbose = verbose;
        this.runtimeMissing = runtimeMissing;
    }

    /**
     * Arms the engine layer: registers the transformer that patches the stream classes as they load, and patches
     * those already loaded. Never throws.
     *
     * @param err       where a stream class that turns out to have another shape is told about, once
     * @param verbose   whether each class patched is told too ({@code engine: patched java.io.Bits as it loaded})
     * @param converted whether the converted format is on: the runtime is then defined already, and the two stream
     *                  classes are patched now, by retransformation, loading them if needed, because the format
     *                  retransforms them right after, which starts from the JDK's class file and would drop a patch
     *                  made as they loaded (the format patches none of the others)
     */
    public static Outcome install(final Instrumentation inst, final PrintStream err, final boolean verbose,
                           final boolean converted) {
        try {
            EngineInstaller installer = new EngineInstaller(inst, err, verbose, !converted);
            if (converted) {
                for (int i = 0; i < BITS; i++) {
                    Class.forName(CLASS_NAMES[i], false, null);
                }
            }
            // retransformation-capable: measured, the JVM hands each class load to such a transformer at about
            // half the cost per class of one that is not (JDK 17, 4,204 library classes: +12 against +28 us); with
            // the converted format, only the classes that load with the first stream (Bits, PeekInputStream,
            // FieldValues) can still load through it
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
        for (int i = 0; i < CLASSES.length; i++) {
            if (CLASSES[i].equals(className)) {
                return classBeingRedefined == null ? patchAtLoad(i, classfileBuffer)
                        : patchAgain(i, classfileBuffer);
            }
        }
        return null;
    }

    /**
     * Another agent retransforms a class this transformer patched as it loaded, while it is still registered: the
     * JVM starts again from the original class file, so the patch is made again. (A class patched by retransformation
     * at start-up has its own {@link JdkClassPatcher} for that.)
     */
    private synchronized byte[] patchAgain(final int which, final byte[] classFile) {
        if (!patchedAtLoad[which]) {
            return null;
        }
        try {
            return patch(which, classFile);
        } catch (Throwable t) {
            return null; // the class was of the shape when it loaded; its original class file cannot differ now
        }
    }

    private synchronized byte[] patchAtLoad(final int which, final byte[] classFile) {
        if (outcome[which] != null) {
            return null;
        }
        byte[] patched = null;
        // Bits, HandleTable and the writing side's strings need nothing of the runtime, so nothing is prepared for
        // them; but when the engine cannot be set up at all, it stays off as a whole
        String problem = runtimeFree(which) ? setupProblem : prepare();
        if (problem != null && !setupTold) {
            setupTold = true;
            err.println(StderrReport.PREFIX + "engine layer is off: " + problem);
        } else if (problem == null) {
            try {
                patched = patch(which, classFile);
            } catch (Throwable t) {
                problem = "could not patch " + CLASS_NAMES[which] + ": " + t;
            }
            if (problem != null) {
                String other = which < BITS ? outcome[1 - which] : null;
                err.println(StderrReport.PREFIX + (other != null && !other.isEmpty() ? "engine layer is off: "
                        : "engine layer is partly off: ") + SIDES[which] + ": " + problem);
            }
        }
        outcome[which] = problem == null ? "" : problem;
        patchedAtLoad[which] = patched != null;
        if (patched != null) {
            told(which, "as it loaded");
        }
        removeWhenDone();
        return patched;
    }

    /** Whether the patch of {@code CLASSES[which]} calls nothing outside {@code java.base}. */
    private static boolean runtimeFree(final int which) {
        return which == BITS || which == HANDLES || which == STRING_WRITES;
    }

    /** The patched class file (calling the runtime by its installed names); null: unchanged. */
    private byte[] patch(final int which, final byte[] classFile) {
        return patchCalls(which, classFile);
    }

    private byte[] patchCalls(final int which, final byte[] classFile) {
        if (which == BITS) {
            return BitsPatch.patch(classFile);
        } else if (which == HANDLES) {
            return HandleTablePatch.patch(classFile);
        } else if (which == STRINGS) {
            return StringReadsPatch.patch(classFile);
        } else if (which == STRING_WRITES) {
            // JDK 25 and later write a string's bytes in one copy: nothing to do, nothing to tell
            return StringWritesPatch.nothingToDo(classFile) ? null : StringWritesPatch.patch(classFile);
        } else if (which == PEEK) {
            if (!arrayReads()) {
                throw new IllegalStateException("this JDK's java.io.ByteArrayInputStream reads are not ones"
                        + " serialboost knows");
            }
            return ArrayReadsPatch.patch(classFile);
        } else if (which == FIELDS) {
            if (!fieldCopies()) {
                throw new IllegalStateException("this JDK's " + FieldAccessPatch.FIELD_REFLECTOR.replace('/', '.')
                        + " is not one serialboost knows");
            }
            return FieldAccessPatch.patch(CLASSES[which], classFile);
        }
        byte[] patched = EnginePatches.patch(CLASSES[which], classFile, recognise, bind);
        if (which == 0 && fieldCopies()) {
            // the write side's field copy: a part of its own, left out (and told once) if this class has another shape
            try {
                patched = FieldAccessPatch.patch(CLASSES[which], patched);
            } catch (IllegalStateException e) {
                if (!fieldCopiesTold) {
                    fieldCopiesTold = true;
                    partlyOff(SIDES[FIELDS], e.getMessage());
                }
            }
        }
        // arrays of primitives: a part of each stream class of its own, as the field copy
        String arraysOff = primitiveArraysProblem;
        if (arraysOff == null) {
            try {
                patched = which == 0 ? PrimitiveArraysPatch.patchWrites(patched)
                        : PrimitiveArraysPatch.patchReads(patched);
            } catch (IllegalStateException e) {
                arraysOff = e.getMessage();
            }
        }
        if (arraysOff != null && !primitiveArraysTold) {
            primitiveArraysTold = true;
            partlyOff("arrays of primitives", arraysOff);
        }
        return patched;
    }

    private void partlyOff(final String side, final String why) {
        err.println(StderrReport.PREFIX + "engine layer is partly off: " + side + ": " + why);
    }

    private synchronized void told(final int which, final String how) {
        if (verbose) {
            String line = StderrReport.PREFIX + "engine: patched " + CLASS_NAMES[which] + " " + how;
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
        for (String o : outcome) {
            if (o == null) {
                return;
            }
        }
        inst.removeTransformer(this);
    }

    /**
     * Once: defines the runtime if needed, opens {@code java.io} to it and fingerprints the JDK's
     * {@code ObjectStreamClass}. Runs inside the loading of a stream class, so it must not load either of them:
     * nothing here initializes the runtime's {@code Engine}, whose method handles are made when patched code first
     * calls it.
     *
     * <p>It runs on the thread whose code first needs a stream class, under that code's permissions when a Security
     * Manager is on (JDK 17-23): as the agent's own action, so that a policy granting the agent jar is enough.
     *
     * @return null when the stream classes can be patched, else why not
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

    /**
     * Whether {@code ByteArrayInputStream}'s reads are known, checked when {@code PeekInputStream} first needs it
     * (it loads with the first stream read, not with {@code ObjectInputStream}). Under {@code this}.
     */
    private boolean arrayReads() {
        if (arrayReads == null) {
            arrayReads = false;
            asAgent(() -> {
                byte[] arrayStream = ClassFileSource.of(null).read(ArrayReadsPatch.BYTE_ARRAY_INPUT_STREAM);
                arrayReads = arrayStream != null
                        && ArrayReadsPatch.KNOWN.contains(ArrayReadsPatch.fingerprint(arrayStream));
            });
        }
        return arrayReads;
    }

    /**
     * Whether {@code FieldReflector}'s copies are known, checked when {@code FieldValues} or {@code ObjectOutputStream}
     * first needs it; when they are, hands the runtime the generator of a reflector's copy. Under {@code this}.
     */
    private boolean fieldCopies() {
        if (fieldCopies == null) {
            fieldCopies = false;
            asAgent(() -> {
                byte[] reflector = ClassFileSource.of(null).read(FieldAccessPatch.FIELD_REFLECTOR);
                if (reflector != null
                        && FieldAccessPatch.KNOWN_REFLECTOR.contains(FieldAccessPatch.fingerprint(reflector))) {
                    // the runtime generates a reflector's copy when it is warm, with the class-file writer only the
                    // agent carries (handed over when the runtime was installed)
                    fieldCopies = true;
                }
            });
        }
        return fieldCopies;
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
            byte[] descriptorClass = jdk.read("java/io/ObjectStreamClass");
            String[] prints = EnginePatches.fingerprints(descriptorClass);
            recognise = EnginePatches.KNOWN_READ_NON_PROXY.contains(prints[0]);
            bind = EnginePatches.KNOWN_INIT_NON_PROXY.contains(prints[1]);
            String arraysPrint = PrimitiveArraysPatch.fingerprint(jdk);
            primitiveArraysProblem = PrimitiveArraysPatch.KNOWN.contains(arraysPrint) ? null
                    : "this JDK's block and byte-array streams are not ones serialboost knows ("
                    + (arraysPrint == null ? "a method it repeats is missing" : "fingerprint " + arraysPrint) + ")";
            if (outcome[BITS] == null && jdk.read(BitsPatch.BITS) == null) {
                outcome[BITS] = ""; // JDK 21 and later: their stream classes pack primitives without it
            }
        } catch (Throwable t) {
            setupProblem = t.toString();
        }
    }

    /** Patches by retransformation each stream class already loaded; what start-up can tell. */
    private Outcome patchLoaded() throws Exception {
        Class<?>[] loaded = new Class<?>[CLASSES.length];
        for (Class<?> c : inst.getAllLoadedClasses()) {
            // both stream classes implement ObjectStreamConstants; asking that first spares a name per loaded class
            if (java.io.ObjectStreamConstants.class.isAssignableFrom(c) && c.getClassLoader() == null) {
                for (int i = 0; i < BITS; i++) {
                    if (c.getName().equals(CLASS_NAMES[i])) {
                        loaded[i] = c;
                    }
                }
            } else if (c.getClassLoader() == null && c.getName().startsWith("java.io.")) {
                for (int i = BITS; i < CLASSES.length; i++) {
                    if (c.getName().equals(CLASS_NAMES[i])) {
                        loaded[i] = c;
                    }
                }
            }
        }
        String[] problems = new String[CLASSES.length];
        synchronized (this) {
            for (int i = 0; i < CLASSES.length; i++) {
                if (loaded[i] == null || outcome[i] != null) {
                    continue; // patched as it loads, or already as it loaded
                }
                if (i == STRING_WRITES && StringWritesPatch.nothingToDo(ClassFileSource.of(null).read(CLASSES[i]))) {
                    outcome[i] = ""; // JDK 25 and later: nothing to patch
                    continue;
                }
                String problem = runtimeFree(i) ? setupProblem : prepare();
                if (problem == null) {
                    // each class is checked as it is patched, before anything in it changes; a class of another
                    // shape stays as it is, and the others work on their own (write and read side are independent)
                    int which = i;
                    problem = JdkClassPatcher.apply(inst, List.of(CLASSES[i]), (name, bytes) -> patch(which, bytes));
                }
                outcome[i] = problem == null ? "" : problem;
                problems[i] = problem;
                if (problem == null) {
                    told(i, "by retransformation");
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
        if (problems[0] != null && problems[1] != null) {
            return new Outcome(false, problems[1] + "; " + problems[0], this::release);
        }
        List<String> off = new java.util.ArrayList<>();
        for (int i : new int[] {1, 0, PEEK, STRINGS, FIELDS, HANDLES, STRING_WRITES, BITS}) {
            if (problems[i] != null) {
                off.add(SIDES[i] + ": " + problems[i]);
            }
        }
        return new Outcome(true, off.isEmpty() ? null : String.join("; ", off), this::release);
    }
}
