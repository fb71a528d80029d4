package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.jdk.JdkObjectStreamClass;
import java.io.InvalidClassException;
import java.io.ObjectStreamClass;
import java.lang.reflect.Proxy;

/**
 * How stream descriptors of converted data meet local classes: which local descriptor {@code initNonProxy} binds one
 * to ({@link ConvertedFormat#localDescriptor}: a converted view, a reading view, or the class's ordinary descriptor),
 * the JDK's exception when none can read it, and what a stream descriptor's flags say about its data.
 */
final class ViewBinding {

    private ViewBinding() {
    }

    /**
     * Passes through the local descriptor {@code osc = lookup(cl, true)} in {@code initNonProxy(model, cl, ...)}:
     * a stream descriptor in the converted layout ({@code Externalizable} with {@code SC_WRITE_METHOD}, or framed as
     * earlier versions wrote it, with {@code SC_BLOCK_DATA}) of a class that is converted here meets the class's
     * converted view; any other pair meets {@code osc}, as without the agent: an {@code Externalizable} descriptor
     * of neither kind (flags {@code 0x04}, which no serialboost writes) of a {@code Serializable} class gets the
     * JDK's {@code Serializable incompatible with Externalizable}. When the JDK is about to refuse converted data
     * with that message (no view can read it), this refuses with the JDK's exception, and says what probably happened
     * in its cause.
     */
    static ObjectStreamClass localDescriptor(final ObjectStreamClass osc, final ObjectStreamClass model,
                                             final Class<?> cl) throws Throwable {
        if (cl == null || !(boolean) JdkObjectStreamClass.EXTERNALIZABLE.invokeExact(model)
                || (boolean) JdkObjectStreamClass.EXTERNALIZABLE.invokeExact(osc)
                || !(boolean) JdkObjectStreamClass.SERIALIZABLE.invokeExact(osc)
                || !(boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(model)
                && !(boolean) JdkObjectStreamClass.HAS_BLOCK_EXTERNAL_DATA.invokeExact(model)) {
            return osc;
        }
        ConvertedView view = ConvertedViews.of(cl);
        if (view.desc != null) {
            return view.desc;
        }
        if (cl.isEnum() || Proxy.isProxyClass(cl) || !simpleName(model.getName()).equals(simpleName(osc.getName()))
                || !cl.isRecord() && model.getSerialVersionUID() != osc.getSerialVersionUID()) {
            return osc; // the JDK refuses on an earlier check, with its own message
        }
        ConvertedView reading = ConvertedViews.reading(cl);
        if (reading.desc != null) {
            return reading.desc;
        }
        // the JDK is about to refuse with "Serializable incompatible with Externalizable": its exception, and in its
        // cause what probably happened
        throw incompatible(cl.getName(), new InvalidClassException(cl.getName(), "the stream has this class as"
                + " Externalizable, which is how serialboost's converted format writes it, but this JVM does not"
                + " convert it (its serialboost configuration excludes or skips it, or it loaded before the agent),"
                + " and cannot read such data into it (a class of a module that does not open its package); writer"
                + " and reader need the same serialboost configuration, see docs/compatibility.md. If the writer's"
                + " version of the class is Externalizable, the class itself changed"));
    }

    /**
     * The JDK's {@code InvalidClassException(className, "Serializable incompatible with Externalizable")}, which
     * {@code initNonProxy} throws for an {@code Externalizable} stream descriptor of a {@code Serializable} class,
     * with {@code why} as its cause.
     */
    static InvalidClassException incompatible(final String className, final Throwable why) {
        InvalidClassException e = new InvalidClassException(className, "Serializable incompatible with Externalizable");
        e.initCause(why);
        return e;
    }

    /**
     * Whether {@code desc} is framed {@code Externalizable} data ({@code SC_BLOCK_DATA} without {@code
     * SC_WRITE_METHOD}): converted data as versions before the unframed format wrote it, or any {@code
     * Externalizable} class's data, which the JDK refuses for a {@code Serializable} class.
     */
    static boolean framed(final ObjectStreamClass desc) throws Throwable {
        return (boolean) JdkObjectStreamClass.HAS_BLOCK_EXTERNAL_DATA.invokeExact(desc)
                && !(boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(desc);
    }

    /**
     * Whether the stream descriptor {@code desc} is of converted data written by its class's own methods: custom
     * data and {@code TC_ENDBLOCKDATA} follow its default part (flags 0x0D; framed data of earlier versions, 0x0C,
     * has SC_BLOCK_DATA without SC_WRITE_METHOD).
     */
    static boolean customData(final ObjectStreamClass desc) throws Throwable {
        return (boolean) JdkObjectStreamClass.HAS_BLOCK_EXTERNAL_DATA.invokeExact(desc)
                && (boolean) JdkObjectStreamClass.HAS_WRITE_OBJECT_DATA.invokeExact(desc);
    }

    /** A class name without its package, as the JDK compares stream and local class names. */
    private static String simpleName(final String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }
}
