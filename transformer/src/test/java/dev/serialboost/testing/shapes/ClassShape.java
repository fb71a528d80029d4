package dev.serialboost.testing.shapes;

import java.util.List;

/**
 * One class of a generated hierarchy, consistent with its place in it.
 *
 * @param index                 0 for the leaf {@code gen.C0}; its superclass is {@code gen.C(index+1)}
 * @param superInternalName     the superclass, {@code java/lang/Object} for the top level
 * @param serializable          whether the class is Serializable (declared here or inherited)
 * @param serializableInterface what the class file says it implements: {@code java/io/Serializable}, or
 *                              {@link ShapeModel#MARKER} (which extends it), or null
 * @param hasNoArgCtor          whether the class declares {@code C()}; always true for non-serializable
 *                              bases (which count instances in a {@code public static int counter})
 * @param noArgAccess           access of {@code C()}
 * @param hasIntCtor            whether the class declares {@code C(int)}
 * @param intCtorAccess         access of {@code C(int)}
 * @param superHasNoArgCtor     whether the constructors chain to {@code super()}; otherwise to
 *                              {@code super(int)} (a serializable superclass whose {@code C()} is missing
 *                              or private)
 * @param uid                   an explicit {@code serialVersionUID}, or null
 */
public record ClassShape(int index, int version, String superInternalName, boolean serializable,
                         String serializableInterface, boolean isPublic, boolean isFinal, List<FieldShape> fields,
                         List<StaticShape> statics, List<MethodShape> methods, boolean hasNoArgCtor,
                         Access noArgAccess, boolean hasIntCtor, Access intCtorAccess, boolean superHasNoArgCtor,
                         Uid uid) {

    public ClassShape {
        fields = List.copyOf(fields);
        statics = List.copyOf(statics);
        methods = List.copyOf(methods);
    }

    /** Binary name, e.g. {@code gen.C0}. */
    public String name() {
        return "gen." + simpleName();
    }

    public String simpleName() {
        return "C" + index;
    }

    public String internalName() {
        return "gen/" + simpleName();
    }

    /** Whether the class has a {@code public static int counter} incremented by its no-arg constructor. */
    public boolean hasCounter() {
        return !serializable;
    }

    public boolean hasClinit() {
        return statics.stream().anyMatch(StaticShape::needsClinit) || (uid != null && uid.viaClinit());
    }

    String source() {
        StringBuilder s = new StringBuilder();
        String superName = superInternalName.replace('/', '.');
        s.append("// class-file version ").append(version).append('\n');
        s.append(isPublic ? "public " : "").append(isFinal ? "final " : "").append("class ").append(simpleName());
        if (!superName.equals("java.lang.Object")) {
            s.append(" extends ").append(superName.substring("gen.".length()));
        }
        if (serializableInterface != null) {
            s.append(" implements ").append(serializableInterface.replace('/', '.'));
        }
        s.append(serializable ? "" : " /* NOT serializable */").append(" {\n");
        if (uid != null) {
            s.append("    ").append(uid.declaration()).append('\n');
        }
        if (hasCounter()) {
            s.append("    public static int counter;\n");
        }
        for (StaticShape st : statics) {
            s.append("    ").append(st.declaration()).append('\n');
        }
        for (FieldShape f : fields) {
            s.append("    ").append(f.declaration(simpleName())).append('\n');
        }
        if (hasNoArgCtor) {
            s.append("    ").append(noArgAccess.keyword()).append(simpleName()).append("() { super();");
            if (hasCounter()) {
                s.append(" counter++;");
            }
            for (FieldShape f : fields) {
                if (hasCounter() ? f.assignInCtor() : f.storeInNoArg()) {
                    s.append(' ').append(f.name()).append(" = ")
                            .append(hasCounter() || f.noArgStoresConstant() ? Constants.source(f)
                                    : Constants.defaultSource(f))
                            .append(';');
                }
            }
            s.append(" }\n");
        }
        if (hasIntCtor) {
            s.append("    ").append(intCtorAccess.keyword()).append(simpleName()).append("(int arg) { ")
                    .append(superHasNoArgCtor ? "super();" : "super(arg);");
            for (FieldShape f : fields) {
                if (f.assignInCtor()) {
                    s.append(' ').append(f.name()).append(" = ").append(Constants.source(f)).append(';');
                }
            }
            s.append(" }\n");
        }
        for (MethodShape m : methods) {
            s.append("    ").append(m.declaration()).append('\n');
        }
        return s.append("}\n").toString();
    }
}
