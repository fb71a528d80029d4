package dev.serialboost.transformer.converted;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link LocalTypes}, told instructions one at a time as a method visitor would tell it: the locals of an expanded
 * frame, each store typed by what the instruction before it pushed, a long or double taking two slots (and a store
 * into the second half of one ending it), trailing {@code TOP}s dropped, the last two loads; and what it cannot tell
 * (a compressed frame, a store of an unknown value) said as null.
 */
class LocalTypesTest {

    private static final String OIS = "java/io/ObjectInputStream";

    @Test
    void anExpandedFrameGivesTheLocals() {
        LocalTypes types = new LocalTypes();
        types.frame(Opcodes.F_NEW, 3, new Object[] {OIS, Opcodes.LONG, Opcodes.INTEGER});
        assertEquals(List.of(OIS, Opcodes.LONG, Opcodes.INTEGER), types.locals());
        assertEquals(4, types.slots(), "the long takes two");
    }

    @Test
    void aStoreIsTypedByWhatWasPushedBeforeIt() {
        LocalTypes types = new LocalTypes();
        types.frame(Opcodes.F_NEW, 1, new Object[] {OIS});
        types.pushed(LocalTypes.typeOf(Type.getObjectType("java/io/ObjectStreamClass")));
        types.var(Opcodes.ASTORE, 2);
        types.var(Opcodes.DSTORE, 3);
        assertEquals(List.of(OIS, Opcodes.TOP, "java/io/ObjectStreamClass", Opcodes.DOUBLE), types.locals());
        assertEquals(5, types.slots());
        // a store into the second half of the double ends it
        types.var(Opcodes.ISTORE, 4);
        assertEquals(List.of(OIS, Opcodes.TOP, "java/io/ObjectStreamClass", Opcodes.TOP, Opcodes.INTEGER),
                types.locals());
        // a load pushes the local's type: stored again, it keeps it
        types.var(Opcodes.ALOAD, 2);
        types.var(Opcodes.ASTORE, 5);
        assertEquals("java/io/ObjectStreamClass", types.locals().get(5));
    }

    @Test
    void trailingTopsAreDropped() {
        LocalTypes types = new LocalTypes();
        types.frame(Opcodes.F_NEW, 3, new Object[] {OIS, Opcodes.TOP, Opcodes.TOP});
        assertEquals(List.of(OIS), types.locals());
        assertEquals(1, types.slots());
    }

    @Test
    void theLastTwoLoadsAreKnownUntilAnotherInstruction() {
        LocalTypes types = new LocalTypes();
        types.frame(Opcodes.F_NEW, 2, new Object[] {OIS, "java/lang/Object"});
        types.var(Opcodes.ALOAD, 1);
        types.var(Opcodes.ALOAD, 0);
        assertTrue(types.loaded(1, 0));
        assertFalse(types.loaded(0, 1));
        types.pushed(LocalTypes.UNKNOWN);
        assertFalse(types.loaded(1, 0));
    }

    @Test
    void whatItCannotTellItSays() {
        LocalTypes types = new LocalTypes();
        types.frame(Opcodes.F_SAME, 0, null);
        assertNull(types.locals(), "a compressed frame");
        types.frame(Opcodes.F_NEW, 1, new Object[] {OIS});
        types.pushed(LocalTypes.UNKNOWN);
        types.var(Opcodes.ASTORE, 1);
        assertNull(types.locals(), "a store of a value of no known type");
    }

    @Test
    void typesAreNamedAsFramesNameThem() {
        assertSame(Opcodes.INTEGER, LocalTypes.typeOf(Type.BOOLEAN_TYPE));
        assertSame(Opcodes.INTEGER, LocalTypes.typeOf(Type.CHAR_TYPE));
        assertSame(Opcodes.FLOAT, LocalTypes.typeOf(Type.FLOAT_TYPE));
        assertSame(Opcodes.LONG, LocalTypes.typeOf(Type.LONG_TYPE));
        assertSame(Opcodes.DOUBLE, LocalTypes.typeOf(Type.DOUBLE_TYPE));
        assertEquals("[I", LocalTypes.typeOf(Type.getType("[I")));
        assertEquals("java/lang/String", LocalTypes.typeOf(Type.getType(String.class)));
        assertSame(LocalTypes.UNKNOWN, LocalTypes.typeOf(Type.VOID_TYPE));
    }
}
