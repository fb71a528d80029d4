package dev.serialboost.transformer.converted;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.ArrayList;
import java.util.List;

/**
 * The types of a method's local variables at the instruction a method visitor has reached, as the frame the patch
 * writes there must name them: from the last expanded frame, and the stores since, each typed by the instruction
 * before it (a cast, a field read, a call's result, a load). What it cannot tell it says so ({@link #locals()} is then
 * null), and the patch leaves the method alone: a wrong frame would fail verification of a {@code java.base} class.
 *
 * <p>Told of every instruction in order ({@link #frame}, {@link #var}, {@link #pushed}); no other state, no
 * {@code ClassWriter} frame computation (which loads classes).
 */
final class LocalTypes {

    /** A type this tracker cannot tell. */
    static final Object UNKNOWN = new Object();

    /**
     * The types of the local variables, slot by slot in expanded-frame terms (a long or double takes its slot and a
     * {@code TOP}).
     */
    private final List<Object> slots = new ArrayList<>();
    /** The type the last instruction pushed, as a frame names it, or {@link #UNKNOWN}. */
    private Object pushed = UNKNOWN;
    /** The locals the last two instructions loaded, if they were {@code aload}s, else -1. */
    private int loadedBefore = -1;
    private int loaded = -1;

    /** A frame: an expanded one ({@code F_NEW}) sets the locals; any other kind is not understood. */
    void frame(final int type, final int numLocal, final Object[] local) {
        slots.clear();
        if (type != Opcodes.F_NEW) {
            slots.add(UNKNOWN);
        } else {
            for (int i = 0; i < numLocal; i++) {
                set(slots.size(), local[i], local[i] == Opcodes.LONG || local[i] == Opcodes.DOUBLE);
            }
        }
        pushed(UNKNOWN);
    }

    /** A load or store of a local variable ({@code ILOAD} ... {@code ASTORE}, {@code RET}). */
    void var(final int opcode, final int varIndex) {
        switch (opcode) {
            case Opcodes.ISTORE -> set(varIndex, Opcodes.INTEGER, false);
            case Opcodes.FSTORE -> set(varIndex, Opcodes.FLOAT, false);
            case Opcodes.LSTORE -> set(varIndex, Opcodes.LONG, true);
            case Opcodes.DSTORE -> set(varIndex, Opcodes.DOUBLE, true);
            case Opcodes.ASTORE -> set(varIndex, pushed, false);
            default -> {
            }
        }
        if (opcode == Opcodes.ALOAD) {
            int before = loaded;
            pushed(varIndex < slots.size() ? slots.get(varIndex) : UNKNOWN);
            loadedBefore = before;
            loaded = varIndex;
        } else {
            pushed(UNKNOWN);
        }
    }

    /** Any other instruction: the type of the value it pushed, as {@link #typeOf} names it, or {@link #UNKNOWN}. */
    void pushed(final Object type) {
        pushed = type;
        loadedBefore = -1;
        loaded = -1;
    }

    /** Whether the last two instructions were {@code aload before} and {@code aload last}. */
    boolean loaded(final int before, final int last) {
        return loadedBefore == before && loaded == last;
    }

    /** The locals here as an expanded frame lists them (trailing {@code TOP}s dropped), or null if not all clear. */
    List<Object> locals() {
        if (slots.contains(UNKNOWN)) {
            return null;
        }
        List<Object> locals = new ArrayList<>();
        for (int i = 0; i < slots(); i++) {
            Object type = slots.get(i);
            locals.add(type);
            if (type == Opcodes.LONG || type == Opcodes.DOUBLE) {
                i++;
            }
        }
        return locals;
    }

    /** The first slot after the locals here. */
    int slots() {
        int n = slots.size();
        while (n > 0 && slots.get(n - 1) == Opcodes.TOP) {
            n--;
        }
        // a long or double last takes the TOP after it too
        return n > 0 && (slots.get(n - 1) == Opcodes.LONG || slots.get(n - 1) == Opcodes.DOUBLE) ? n + 1 : n;
    }

    /** The frame name of a field's or method result's type; {@link #UNKNOWN} for void. */
    static Object typeOf(final Type type) {
        return switch (type.getSort()) {
            case Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT, Type.INT -> Opcodes.INTEGER;
            case Type.FLOAT -> Opcodes.FLOAT;
            case Type.LONG -> Opcodes.LONG;
            case Type.DOUBLE -> Opcodes.DOUBLE;
            case Type.OBJECT, Type.ARRAY -> type.getInternalName();
            default -> UNKNOWN;
        };
    }

    private void set(final int slot, final Object type, final boolean wide) {
        while (slots.size() < slot + (wide ? 2 : 1)) {
            slots.add(Opcodes.TOP);
        }
        if (slot > 0 && (slots.get(slot - 1) == Opcodes.LONG || slots.get(slot - 1) == Opcodes.DOUBLE)) {
            slots.set(slot - 1, Opcodes.TOP); // its second half is overwritten
        }
        slots.set(slot, type);
        if (wide) {
            slots.set(slot + 1, Opcodes.TOP);
        }
    }
}
