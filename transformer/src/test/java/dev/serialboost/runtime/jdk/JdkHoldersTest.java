package dev.serialboost.runtime.jdk;

import dev.serialboost.transformer.kit.RuntimeImage;

import org.junit.jupiter.api.Test;

import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The holders of the JDK members the runtime uses ({@link JdkLookup}): on this JDK every group is found whole (its
 * {@code PROBLEM} null, each handle made), but for the members one JDK has and another not; and a lookup answers a
 * missing member with null and a problem, and gives a type the runtime cannot name as {@code Object}.
 */
class JdkHoldersTest {

    private static final boolean UNTIL_23 = Runtime.version().feature() < 24;

    @Test
    void everyGroupIsFoundWholeOnThisJdk() throws Exception {
        List<String> problems = new ArrayList<>();
        int groups = 0;
        int handles = 0;
        for (Class<?> group : groups()) {
            groups++;
            for (Field f : group.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (!Modifier.isPublic(mod) || !Modifier.isStatic(mod)) {
                    continue;
                }
                String name = group.getName().substring(group.getPackageName().length() + 1) + "." + f.getName();
                Object value = f.get(null);
                if (f.getName().equals("PROBLEM") && value != null) {
                    problems.add(name + ": " + value);
                } else if (f.getType() == MethodHandle.class) {
                    handles++;
                    if ((value != null) != expected(name)) {
                        problems.add(name + (value == null ? " is missing" : " is there"));
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(groups >= 25 && handles >= 130, groups + " groups, " + handles + " handles");
    }

    /** Whether this JDK has the member: all do but those of other JDKs. */
    private static boolean expected(final String handle) {
        return switch (handle) {
            case "JdkObjectStreamClass.DOMAINS", "JdkObjectStreamClass.SET_DOMAINS",
                 "JdkClassPath.GET_RESOURCE_CHECKED" -> UNTIL_23;
            case "JdkClassPath.GET_RESOURCE" -> !UNTIL_23;
            default -> true;
        };
    }

    @Test
    void aTypeTheRuntimeCannotNameIsObjectInTheHandle() {
        JdkLookup out = JdkLookup.of(ObjectOutputStream.class);
        MethodHandle bout = out.getter("bout", out.type("java.io.ObjectOutputStream$BlockDataOutputStream"));
        assertEquals(MethodType.methodType(Object.class, ObjectOutputStream.class), bout.type());
        JdkLookup osc = JdkLookup.of(ObjectStreamClass.class);
        MethodHandle layout = osc.virtual("getClassDataLayout",
                MethodType.methodType(osc.type("java.io.ObjectStreamClass$ClassDataSlot").arrayType()));
        assertEquals(MethodType.methodType(Object[].class, ObjectStreamClass.class), layout.type());
        JdkLookup block = JdkLookup.of("java.io.ObjectOutputStream$BlockDataOutputStream");
        assertEquals(MethodType.methodType(boolean.class, Object.class),
                block.getter("blkmode", boolean.class).type());
        assertNull(out.problem());
        assertNull(osc.problem());
        assertNull(block.problem());
    }

    @Test
    void aMissingMemberIsNullAndTheFirstOneIsTheGroupsProblem() {
        JdkLookup in = JdkLookup.of(ObjectOutputStream.class);
        assertNull(in.getter("noSuchField", int.class));
        assertInstanceOf(NoSuchFieldException.class, in.problem());
        Throwable first = in.problem();
        assertNull(in.virtual("noSuchMethod", MethodType.methodType(void.class)));
        assertEquals(first, in.problem(), "the first problem stays");
        assertNotNull(in.virtual("writeTypeString", MethodType.methodType(void.class, String.class)),
                "a member is found whatever was missing before");

        JdkLookup optional = JdkLookup.of(ObjectOutputStream.class);
        assertNull(optional.optional().getter("noSuchField", int.class));
        assertNull(optional.problem(), "a member that may be missing is no problem when it is");

        JdkLookup missing = JdkLookup.of("java.io.NoSuchClass");
        assertNull(missing.getter("any", int.class));
        assertInstanceOf(ClassNotFoundException.class, missing.problem());
        JdkLookup typeMissing = JdkLookup.of(ObjectOutputStream.class);
        assertNull(typeMissing.getter("bout", typeMissing.type("java.io.NoSuchClass")));
        assertInstanceOf(ClassNotFoundException.class, typeMissing.problem());
    }

    /** Every group: each holder class, and each class nested in one, that says its {@code PROBLEM}. */
    private static List<Class<?>> groups() throws Exception {
        List<Class<?>> groups = new ArrayList<>();
        String prefix = JdkLookup.class.getPackageName().replace('.', '/') + "/";
        for (String name : RuntimeImage.read(RuntimeImage.runtimeLocation()).keySet()) {
            if (name.startsWith(prefix)) {
                Class<?> c = Class.forName(name.replace('/', '.'), false, JdkLookup.class.getClassLoader());
                try {
                    Field problem = c.getDeclaredField("PROBLEM");
                    if (Modifier.isPublic(problem.getModifiers()) && Modifier.isPublic(c.getModifiers())) {
                        groups.add(c);
                    }
                } catch (NoSuchFieldException e) {
                    // not a group
                }
            }
        }
        return groups;
    }
}
