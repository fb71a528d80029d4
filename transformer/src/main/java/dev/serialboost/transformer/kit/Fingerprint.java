package dev.serialboost.transformer.kit;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The fingerprint of JDK methods: a digest of their instructions (opcodes, the members, types and constants they use,
 * local variable slots, branch and handler structure), not of frames, line numbers, debug names or constant pool
 * order. A
 * {@link JdkPatch} compares the fingerprint of the code it relies on with those of the JDK builds it was checked on
 * ({@link KnownFingerprints}); two JDKs whose methods compile to the same instructions have the same fingerprint.
 * FNV-1a, 64 bits, in 16 hex digits: a check of shape, not a defence against forgery.
 */
public final class Fingerprint {

    private Fingerprint() {
    }

    /**
     * The fingerprint of one method already parsed; null for null. Compare it only with one of a method parsed the
     * same way, with or without debug information ({@link #ofMethod} parses without): line numbers and local
     * variable ranges add labels, which number the branch targets differently.
     */
    public static String of(final MethodNode m) {
        if (m == null) {
            return null;
        }
        StringBuilder all = new StringBuilder();
        Map<LabelNode, Integer> labels = new HashMap<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof LabelNode l) {
                labels.put(l, labels.size());
            }
        }
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() < 0) {
                continue;
            }
            all.append(insn.getOpcode());
            if (insn instanceof MethodInsnNode mi) {
                all.append(' ').append(mi.owner).append('.').append(mi.name).append(mi.desc);
            } else if (insn instanceof FieldInsnNode fi) {
                all.append(' ').append(fi.owner).append('.').append(fi.name).append(':').append(fi.desc);
            } else if (insn instanceof TypeInsnNode ti) {
                all.append(' ').append(ti.desc);
            } else if (insn instanceof VarInsnNode vi) {
                all.append(' ').append(vi.var);
            } else if (insn instanceof IntInsnNode ii) {
                all.append(' ').append(ii.operand);
            } else if (insn instanceof IincInsnNode inc) {
                all.append(' ').append(inc.var).append(' ').append(inc.incr);
            } else if (insn instanceof LdcInsnNode ldc) {
                all.append(' ').append(ldc.cst);
            } else if (insn instanceof JumpInsnNode j) {
                all.append(" L").append(labels.get(j.label));
            } else if (insn instanceof InvokeDynamicInsnNode indy) {
                all.append(' ').append(indy.name).append(indy.desc).append(Arrays.toString(indy.bsmArgs));
            } else if (insn instanceof TableSwitchInsnNode t) {
                all.append(' ').append(t.min).append(' ').append(t.max).append(" L").append(labels.get(t.dflt));
                for (LabelNode l : t.labels) {
                    all.append(" L").append(labels.get(l));
                }
            } else if (insn instanceof LookupSwitchInsnNode t) {
                all.append(' ').append(t.keys).append(" L").append(labels.get(t.dflt));
                for (LabelNode l : t.labels) {
                    all.append(" L").append(labels.get(l));
                }
            }
            all.append('\n');
        }
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            all.append("try L").append(labels.get(t.start)).append(" L").append(labels.get(t.end)).append(" L")
                    .append(labels.get(t.handler)).append(' ').append(t.type).append('\n');
        }
        return hash(all);
    }

    /**
     * The fingerprint of one instance method of a class file ({@code name + descriptor}); null when it is missing.
     */
    public static String ofMethod(final byte[] classFile, final String method) {
        return of(parse(classFile, false, method)[0]);
    }

    /**
     * One fingerprint of some instance methods of a class file together, in the order given (each method's
     * {@link #of}, combined); null when one of them is missing.
     */
    public static String ofMethods(final byte[] classFile, final String... methods) {
        return ofAll(parse(classFile, false, methods));
    }

    /** {@link #ofMethods} of static methods. */
    public static String ofStaticMethods(final byte[] classFile, final String... methods) {
        return ofAll(parse(classFile, true, methods));
    }

    /** One fingerprint of methods already parsed, in the order given; null when one of them is (missing). */
    public static String ofAll(final MethodNode... found) {
        String[] prints = new String[found.length];
        for (int i = 0; i < found.length; i++) {
            prints[i] = of(found[i]);
        }
        return combine(prints);
    }

    /** One fingerprint of several, in the order given; null when one of them is null. */
    public static String combine(final String... prints) {
        StringBuilder all = new StringBuilder();
        for (String print : prints) {
            if (print == null) {
                return null;
            }
            all.append(print).append(',');
        }
        return hash(all);
    }

    /** FNV-1a, 64 bits, in 16 hex digits. */
    static String hash(final CharSequence all) {
        long hash = 0xcbf29ce484222325L;
        for (int i = 0; i < all.length(); i++) {
            hash = (hash ^ all.charAt(i)) * 0x100000001b3L;
        }
        String hex = Long.toHexString(hash);
        return "0000000000000000".substring(hex.length()) + hex;
    }

    /**
     * Some methods of a class file, static or instance ones as asked (null for one not found), parsed alone without
     * debug information or frames.
     */
    private static MethodNode[] parse(final byte[] classFile, final boolean statics, final String... methods) {
        MethodNode[] found = new MethodNode[methods.length];
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(final int access, final String name, final String descriptor,
                                             final String signature, final String[] exceptions) {
                if (((access & Opcodes.ACC_STATIC) != 0) != statics) {
                    return null;
                }
                for (int i = 0; i < found.length; i++) {
                    if (methods[i].length() == name.length() + descriptor.length() && methods[i].startsWith(name)
                            && methods[i].endsWith(descriptor)) {
                        found[i] = new MethodNode(Opcodes.ASM9, access, name, descriptor, signature, exceptions);
                        return found[i];
                    }
                }
                return null;
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return found;
    }
}
