package dev.serialboost.transformer.converted;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The two passes of a {@link ConvertedFormatPatch} over its class: the check, which finds every {@link StreamSite} and
 * counts it (the code of a method without sites is not even read), and the patch, which rewrites each (a method
 * without sites is copied as it is, without being parsed).
 */
final class SitePasses {

    private SitePasses() {
    }

    /**
     * Checks one of the three classes against what the patches rely on (other classes pass).
     *
     * @return an empty list when it fits, else what does not
     */
    static List<String> problems(final String internalName, final byte[] classFile) {
        Map<StreamSite, Integer> found = new HashMap<>();
        List<StreamSite> unclear = new ArrayList<>();
        List<String> methods = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(final int access, final String name, final String descriptor,
                                             final String signature, final String[] exceptions) {
                methods.add(name + descriptor);
                if (!StreamSite.any(internalName, name + descriptor)) {
                    return null; // its code is not even read
                }
                return new SiteFinder(null, internalName, name + descriptor) {
                    @Override
                    void at(final StreamSite site) {
                        found.merge(site, 1, Integer::sum);
                        if (site == StreamSite.DESCRIPTOR_MODEL ? !descriptorLocals()
                                : site.loops && locals() == null) {
                            unclear.add(site);
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.EXPAND_FRAMES);
        List<String> problems = new ArrayList<>();
        for (StreamSite site : StreamSite.values()) {
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
            } else if (unclear.contains(site) && site == StreamSite.DESCRIPTOR_MODEL) {
                problems.add(where + " has " + site.what + " before the descriptor readClassDescriptor() returned"
                        + " and the new descriptor are both stored in local variables");
            } else if (unclear.contains(site)) {
                problems.add(where + " has " + site.what + " not called as obj.m(this), or where the types of the"
                        + " local variables are not clear from the code");
            }
        }
        for (String required : ExternalDataLoops.REQUIRED.getOrDefault(internalName, List.of())) {
            if (!methods.contains(required)) {
                problems.add(internalName.replace('/', '.') + "." + required + " not found");
            }
        }
        return problems;
    }

    /** Patches one of the three classes. Call {@link #problems} first. */
    static byte[] patch(final String internalName, final byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(final int access, final String name, final String descriptor,
                                             final String signature, final String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                if (!StreamSite.any(internalName, name + descriptor)) {
                    return mv; // copied as it is, without being parsed
                }
                return new SiteFinder(mv, internalName, name + descriptor) {
                    @Override
                    void at(final StreamSite site) {
                        SiteRewrites.rewrite(site, mv, this);
                    }
                };
            }
        }, ClassReader.EXPAND_FRAMES);
        return writer.toByteArray();
    }

}
