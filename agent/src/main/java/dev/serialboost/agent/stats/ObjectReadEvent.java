package dev.serialboost.agent.stats;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One top-level {@code ObjectInputStream.readObject}/{@code readUnshared}, from its start to its return. */
@Name("dev.serialboost.ObjectRead")
@Label("Object Read")
@Category({"Java Application", "Serialization"})
@Description("A top-level ObjectInputStream.readObject or readUnshared (serialboost statistics)")
@Enabled(false)
@StackTrace(false)
final class ObjectReadEvent extends Event {

    @Label("Stream Class")
    Class<?> streamClass;

    @Label("Object Class")
    @Description("The class of the object read (the top of its graph)")
    Class<?> objectClass;

    @Label("Bytes")
    @Description("The bytes read from the stream's source (the count serialization filters see)")
    @DataAmount
    long bytes;
}
