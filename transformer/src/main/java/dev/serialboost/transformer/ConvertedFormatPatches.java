package dev.serialboost.transformer;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The method-body patches to {@code java.base} that let the JDK's stream engine write and read converted classes
 * in the converted format while those classes stay ordinary {@code Serializable} classes to everyone else (see
 * {@code dev.serialboost.runtime.ConvertedFormat}), and the check that the running JDK's classes have the shape the
 * patches expect. Both are pure: class bytes in, a verdict or class bytes out. The patches add no member, so they
 * are legal for retransformation.
 *
 * <ul>
 *   <li>{@code ObjectOutputStream.writeObject0} and {@code writeClass}: every {@code ObjectStreamClass.lookup(cl,
 *       all)} becomes {@code ConvertedFormat.lookupForWrite(cl, all)} (a {@code Class} object of a converted class
 *       is described as its instances are, so one descriptor serves both, as without the agent);</li>
 *   <li>{@code ObjectOutputStream.writeOrdinaryObject} and {@code ObjectInputStream.readOrdinaryObject}: the
 *       {@code checkcast Externalizable} before {@code writeExternalData}/{@code readExternalData} is dropped (the
 *       verifier treats an interface-typed argument as any object);</li>
 *   <li>{@code writeExternalData}/{@code readExternalData}: {@code obj.writeExternal(this)} /
 *       {@code obj.readExternal(this)} become {@code ConvertedFormat.writeExternal(obj, this)} /
 *       {@code readExternal(obj, this, desc)}, which call the object's own method when it is
 *       {@code Externalizable} (the stream descriptor tells a converted class's reader the writer's fields);</li>
 *   <li>{@code ObjectStreamClass.initNonProxy}: the local descriptor {@code lookup(cl, true)} passes through
 *       {@code ConvertedFormat.localDescriptor(osc, model, cl)};</li>
 *   <li>the {@code ObjectStreamClass(Class)} constructor: {@code Externalizable.class.isAssignableFrom(cl)}
 *       passes through {@code ConvertedFormat.externalizableView(boolean)} (its {@code getSerialFields(Class)} is
 *       left alone, so a converted view lists the class's fields, which the stream then carries).</li>
 * </ul>
 */
public final class ConvertedFormatPatches {

    public static final String OBJECT_STREAM_CLASS = "java/io/ObjectStreamClass";
    public static final String OBJECT_OUTPUT_STREAM = "java/io/ObjectOutputStream";
    public static final String OBJECT_INPUT_STREAM = "java/io/ObjectInputStream";
    /** The classes to patch, in the order to patch them: the hooks of the descriptor first, the writer last. */
    public static final List<String> CLASSES = List.of(OBJECT_STREAM_CLASS, OBJECT_INPUT_STREAM, OBJECT_OUTPUT_STREAM);

    private static final String HOOKS = "dev/serialboost/runtime/ConvertedFormat";
    private static final String OSC_DESC = "L" + OBJECT_STREAM_CLASS + ";";
    private static final String EXTERNALIZABLE = "java/io/Externalizable";
    private static final String LOOKUP = "lookup";
    private static final String LOOKUP_DESC = "(Ljava/lang/Class;Z)" + OSC_DESC;
    private static final String WRITE_EXTERNAL = "writeExternal";
    private static final String READ_EXTERNAL = "readExternal";

    /** What each patched method must contain: the instruction, and how many times (0: one or more). */
    private enum Site {
        INIT_NON_PROXY_LOOKUP(OBJECT_STREAM_CLASS, "initNonProxy(" + OSC_DESC + "Ljava/lang/Class;"
                + "Ljava/lang/ClassNotFoundException;" + OSC_DESC + ")V", "a call of lookup(Class, boolean)", 1),
        CONSTRUCTOR_TEST(OBJECT_STREAM_CLASS, "<init>(Ljava/lang/Class;)V",
                "a test Externalizable.class.isAssignableFrom", 1),
        WRITE_LOOKUP(OBJECT_OUTPUT_STREAM, "writeObject0(Ljava/lang/Object;Z)V", "a call of lookup(Class, boolean)", 0),
        WRITE_CLASS_LOOKUP(OBJECT_OUTPUT_STREAM, "writeClass(Ljava/lang/Class;Z)V", "a call of lookup(Class, boolean)",
                1),
        WRITE_CAST(OBJECT_OUTPUT_STREAM, "writeOrdinaryObject(Ljava/lang/Object;" + OSC_DESC + "Z)V",
                "a checkcast to Externalizable", 1),
        WRITE_EXTERNAL_CALL(OBJECT_OUTPUT_STREAM, "writeExternalData(Ljava/io/Externalizable;)V",
                "a call of Externalizable.writeExternal", 0),
        READ_CAST(OBJECT_INPUT_STREAM, "readOrdinaryObject(Z)Ljava/lang/Object;", "a checkcast to Externalizable", 1),
        READ_EXTERNAL_CALL(OBJECT_INPUT_STREAM, "readExternalData(Ljava/io/Externalizable;" + OSC_DESC + ")V",
                "a call of Externalizable.readExternal", 1);

        final String owner;
        final String method;
        final String what;
        final int expected;

        Site(final String owner, final String method, final String what, final int expected) {
            this.owner = owner;
            this.method = method;
            this.what = what;
            this.expected = expected;
        }
    }

    private ConvertedFormatPatches() {
    }

    /**
     * Checks one of the three classes against what the patches rely on (other classes pass).
     *
     * @return an empty list when it fits, else what does not
     */
    public static List<String> check(final String internalName, final byte[] classFile) {
        Map<Site, Integer> found = new HashMap<>();
        List<String> methods = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(final int access, final String name, final String descriptor,
                                             final String signature, final String[] exceptions) {
                methods.add(name + descriptor);
                if (!hasSites(internalName, name + descriptor)) {
                    return null; // its code is not even read
                }
                return new SiteFinder(null, internalName, name + descriptor) {
                    @Override
                    void at(final Site site) {
                        found.merge(site, 1, Integer::sum);
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        List<String> problems = new ArrayList<>();
        for (Site site : Site.values()) {
            if (!site.owner.equals(internalName)) {
                continue;
            }
            String where = internalName.replace('/', '.') + "." + site.method;
            int count = found.getOrDefault(site, 0);
            if (!methods.contains(site.method)) {
                problems.add(where + " not found");
            } else if (site.expected == 0 ? count == 0 : count != site.expected) {
                problems.add(where + " has " + count + " times " + site.what + ", not "
                        + (site.expected == 0 ? "one or more" : site.expected));
            }
        }
        return problems;
    }

    /** Patches one of the three classes; returns other classes' bytes unchanged. Call {@link #check} first. */
    public static byte[] patch(final String internalName, final byte[] classFile) {
        if (!CLASSES.contains(internalName)) {
            return classFile;
        }
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(final int access, final String name, final String descriptor,
                                             final String signature, final String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                if (!hasSites(internalName, name + descriptor)) {
                    return mv; // copied as it is, without being parsed
                }
                return new SiteFinder(mv, internalName, name + descriptor) {
                    @Override
                    void at(final Site site) {
                        patchAt(site, mv);
                    }
                };
            }
        }, 0);
        return writer.toByteArray();
    }

    /** Whether a method (name and descriptor) of a class has a site of a patch. */
    private static boolean hasSites(final String owner, final String method) {
        for (Site site : Site.values()) {
            if (site.owner.equals(owner) && site.method.equals(method)) {
                return true;
            }
        }
        return false;
    }

    /** Emits the replacement of the instruction at {@code site} (the instruction itself was not passed on). */
    private static void patchAt(final Site site, final MethodVisitor mv) {
        switch (site) {
            case INIT_NON_PROXY_LOOKUP -> {
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, OBJECT_STREAM_CLASS, LOOKUP, LOOKUP_DESC, false);
                mv.visitVarInsn(Opcodes.ALOAD, 1);
                mv.visitVarInsn(Opcodes.ALOAD, 2);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "localDescriptor",
                        "(" + OSC_DESC + OSC_DESC + "Ljava/lang/Class;)" + OSC_DESC, false);
            }
            case CONSTRUCTOR_TEST -> {
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Class", "isAssignableFrom",
                        "(Ljava/lang/Class;)Z", false);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "externalizableView", "(Z)Z", false);
            }
            case WRITE_LOOKUP, WRITE_CLASS_LOOKUP -> mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "lookupForWrite", LOOKUP_DESC, false);
            case WRITE_CAST, READ_CAST -> {
                // dropped: the value goes on as the object it is
            }
            case WRITE_EXTERNAL_CALL -> mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "writeExternal",
                    "(Ljava/lang/Object;Ljava/io/ObjectOutput;)V", false);
            case READ_EXTERNAL_CALL -> {
                // readExternalData(Externalizable obj, ObjectStreamClass desc): the stream descriptor goes along
                mv.visitVarInsn(Opcodes.ALOAD, 2);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "readExternal",
                        "(Ljava/lang/Object;Ljava/io/ObjectInput;" + OSC_DESC + ")V", false);
            }
            default -> throw new IllegalStateException("unknown site " + site);
        }
    }

    /**
     * Finds the sites of one method and hands each to {@link #at}; every other instruction goes on to {@code next}
     * (which may be null: then it only counts). {@code ldc Externalizable} of a test is held back until it is known
     * whether an {@code isAssignableFrom} follows.
     */
    private abstract static class SiteFinder extends MethodVisitor {
        private final String owner;
        private final String method;
        private boolean pendingExternalizable;

        SiteFinder(final MethodVisitor next, final String owner, final String method) {
            super(Opcodes.ASM9, next);
            this.owner = owner;
            this.method = method;
        }

        abstract void at(Site site);

        private Site site(final Site... candidates) {
            for (Site s : candidates) {
                if (s.owner.equals(owner) && s.method.equals(method)) {
                    return s;
                }
            }
            return null;
        }

        @Override
        public void visitLdcInsn(final Object value) {
            pendingExternalizable = value instanceof Type t && t.getInternalName().equals(EXTERNALIZABLE);
            super.visitLdcInsn(value);
        }

        @Override
        public void visitTypeInsn(final int opcode, final String type) {
            Site cast = opcode == Opcodes.CHECKCAST && type.equals(EXTERNALIZABLE)
                    ? site(Site.WRITE_CAST, Site.READ_CAST) : null;
            pendingExternalizable = false;
            if (cast != null) {
                at(cast);
            } else {
                super.visitTypeInsn(opcode, type);
            }
        }

        @Override
        public void visitMethodInsn(final int opcode, final String owner, final String name, final String descriptor,
                                    final boolean isInterface) {
            boolean test = pendingExternalizable && opcode == Opcodes.INVOKEVIRTUAL
                    && owner.equals("java/lang/Class") && name.equals("isAssignableFrom");
            pendingExternalizable = false;
            Site found = null;
            if (test) {
                found = site(Site.CONSTRUCTOR_TEST);
            } else if (opcode == Opcodes.INVOKESTATIC && owner.equals(OBJECT_STREAM_CLASS) && name.equals(LOOKUP)
                    && descriptor.equals(LOOKUP_DESC)) {
                found = site(Site.INIT_NON_PROXY_LOOKUP, Site.WRITE_LOOKUP, Site.WRITE_CLASS_LOOKUP);
            } else if (opcode == Opcodes.INVOKEINTERFACE && owner.equals(EXTERNALIZABLE)) {
                found = name.equals(WRITE_EXTERNAL) ? site(Site.WRITE_EXTERNAL_CALL)
                        : name.equals(READ_EXTERNAL) ? site(Site.READ_EXTERNAL_CALL) : null;
            }
            if (found != null) {
                at(found);
            } else {
                super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            }
        }

        @Override
        public void visitMaxs(final int maxStack, final int maxLocals) {
            // initNonProxy's hook pushes two more arguments on top of lookup's result
            super.visitMaxs(maxStack + 2, maxLocals);
        }
    }
}
