package dev.serialboost.runtime.jdk;

import dev.serialboost.transformer.kit.RuntimeImage;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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

    /** What a stream's descriptor of {@link Captured} was, as its {@code readObject} saw it. */
    private static ObjectStreamClass captured;

    /** A class whose {@code readObject} hands out its stream descriptor, bound by {@code initNonProxy}. */
    static final class Captured implements Serializable {
        private static final long serialVersionUID = 5L;
        private int count = 3;
        private String label = "three";

        private void writeObject(final ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
        }

        private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException {
            ObjectInputStream.GetField fields = in.readFields();
            count = fields.get("count", 0);
            label = (String) fields.get("label", null);
            captured = fields.getObjectStreamClass();
        }
    }

    /** The fields of a descriptor {@code initNonProxy} leaves alone (the superclass descriptor is copied apart). */
    private static final Set<String> NOT_BOUND = Set.of("superDesc", "dataLayout", "serializeEx",
            "defaultSerializeEx", "deserializationCtr");

    @Test
    void aBindingCopyIsEveryFieldInitNonProxySetsAndNoOther() throws Throwable {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new Captured());
        }
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())).readObject();
        ObjectStreamClass from = captured;
        assertNotNull(from);
        ObjectStreamClass to = (ObjectStreamClass) JdkObjectStreamClass.NEW.invokeExact();
        JdkObjectStreamClass.Binding.COPY.invokeExact(to, from);

        ObjectStreamClass fresh = (ObjectStreamClass) JdkObjectStreamClass.NEW.invokeExact();
        List<String> wrong = new ArrayList<>();
        int copied = 0;
        for (Field f : ObjectStreamClass.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            f.setAccessible(true);
            boolean bound = !NOT_BOUND.contains(f.getName());
            Object expected = f.get(bound ? from : fresh);
            Object actual = f.get(to);
            if (f.getType().isPrimitive() ? !expected.equals(actual) : expected != actual) {
                wrong.add(f.getName() + ": " + actual + " where " + expected);
            }
            copied += bound ? 1 : 0;
        }
        assertEquals(List.of(), wrong);
        assertTrue(copied >= 25, copied + " fields copied");
        // every kind of field was copied with a value other than a new descriptor's
        assertTrue(to.getSerialVersionUID() == 5L && to.forClass() == Captured.class && to.getFields().length == 2);
        Field initialized = ObjectStreamClass.class.getDeclaredField("initialized");
        Field numObjFields = ObjectStreamClass.class.getDeclaredField("numObjFields");
        Field writeObjectMethod = ObjectStreamClass.class.getDeclaredField("writeObjectMethod");
        initialized.setAccessible(true);
        numObjFields.setAccessible(true);
        writeObjectMethod.setAccessible(true);
        assertEquals(true, initialized.get(to));
        assertEquals(1, numObjFields.get(to));
        assertNotNull(writeObjectMethod.get(to));
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
