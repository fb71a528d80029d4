package dev.serialboost.runtime.jdk;

import dev.serialboost.runtime.converted.GeneratedCode;
import org.junit.jupiter.api.Test;

import java.lang.invoke.MethodType;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the agent asks at start-up (by reflection) against what the handles, made at first use, find. */
class JdkUnsafeTest {

    @Test
    void theReflectiveCheckAndTheHandlesAgree() {
        // the test JVM exports jdk.internal.misc to the class path, as the agent does to the runtime
        assertNull(JdkUnsafe.Availability.PROBLEM);
        assertNull(GeneratedCode.finalFieldsProblem());
        assertTrue(GeneratedCode.canWriteFinals());
        assertNull(JdkUnsafe.ObjectFields.PROBLEM, "every handle the check vouched for was made");
        assertNull(JdkUnsafe.PrimitiveFields.PROBLEM, "every handle the check vouched for was made");
        assertNull(JdkUnsafe.UninitializedArrays.PROBLEM, "every handle the check vouched for was made");
        assertTrue(JdkUnsafe.BYTE_ARRAY_BASE > 0);
    }

    @Test
    void aMissingMethodOrAnotherTypeIsAProblem() throws NoSuchMethodException {
        JdkUnsafe.Availability.method(Integer.class, "parseInt", MethodType.methodType(int.class,
                String.class), true);
        assertThrows(NoSuchMethodException.class, () -> JdkUnsafe.Availability.method(Integer.class,
                "parseInteger", MethodType.methodType(int.class, String.class), true));
        // another return type, or static where an instance method is needed
        assertThrows(NoSuchMethodException.class, () -> JdkUnsafe.Availability.method(Integer.class,
                "parseInt", MethodType.methodType(long.class, String.class), true));
        assertThrows(NoSuchMethodException.class, () -> JdkUnsafe.Availability.method(Integer.class,
                "parseInt", MethodType.methodType(int.class, String.class), false));
        // not public
        assertThrows(NoSuchMethodException.class, () -> JdkUnsafe.Availability.method(String.class,
                "isLatin1", MethodType.methodType(boolean.class), false));
    }

}
