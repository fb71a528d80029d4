package dev.serialboost.runtime;

import dev.serialboost.runtime.converted.GeneratedCode;
import org.junit.jupiter.api.Test;

import java.lang.invoke.MethodType;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the agent asks at start-up (by reflection) against what the handles, made at first use, find. */
class InternalUnsafeTest {

    @Test
    void theReflectiveCheckAndTheHandlesAgree() {
        // the test JVM exports jdk.internal.misc to the class path, as the agent does to the runtime
        assertNull(InternalUnsafe.Availability.PROBLEM);
        assertNull(GeneratedCode.finalFieldsProblem());
        assertTrue(GeneratedCode.canWriteFinals());
        assertNull(InternalUnsafe.PROBLEM, "every handle the check vouched for was made");
        assertEquals(InternalUnsafe.Availability.NAMES.length, InternalUnsafe.Availability.TYPES.length);
        assertTrue(InternalUnsafe.BYTE_ARRAY_BASE > 0);
    }

    @Test
    void aMissingMethodOrAnotherTypeIsAProblem() throws NoSuchMethodException {
        InternalUnsafe.Availability.method(Integer.class, "parseInt", MethodType.methodType(int.class,
                String.class), true);
        assertThrows(NoSuchMethodException.class, () -> InternalUnsafe.Availability.method(Integer.class,
                "parseInteger", MethodType.methodType(int.class, String.class), true));
        // another return type, or static where an instance method is needed
        assertThrows(NoSuchMethodException.class, () -> InternalUnsafe.Availability.method(Integer.class,
                "parseInt", MethodType.methodType(long.class, String.class), true));
        assertThrows(NoSuchMethodException.class, () -> InternalUnsafe.Availability.method(Integer.class,
                "parseInt", MethodType.methodType(int.class, String.class), false));
        // not public
        assertThrows(NoSuchMethodException.class, () -> InternalUnsafe.Availability.method(String.class,
                "isLatin1", MethodType.methodType(boolean.class), false));
    }
}
