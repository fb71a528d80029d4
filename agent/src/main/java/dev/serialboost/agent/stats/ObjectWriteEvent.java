package dev.serialboost.agent.stats;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One top-level {@code ObjectOutputStream.writeObject}/{@code writeUnshared}, from its start to its return. */
@Name("dev.serialboost.ObjectWrite")
@Label("Object Write")
@Category({"Java Application", "Serialization"})
@Description("A top-level ObjectOutputStream.writeObject or writeUnshared (serialboost statistics)")
@Enabled(false)
@StackTrace(false)
final class ObjectWriteEvent extends Event {

    @Label("Stream Class")
    Class<?> streamClass;

    @Label("Object Class")
    @Description("The class of the object written (the top of its graph)")
    Class<?> objectClass;

    @Label("Bytes")
    @Description("The bytes written; -1 when the stream writes into something other than a ByteArrayOutputStream")
    @DataAmount
    long bytes;
}
