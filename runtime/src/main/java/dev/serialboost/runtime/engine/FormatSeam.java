package dev.serialboost.runtime.engine;

import java.io.ObjectStreamClass;

/**
 * The one seam between the two layers: what the engine (the default layer) must know about classes of the converted
 * format (the opt-in one), told by the format, once, when its class initializes. The engine never names the format:
 * with no format registered (the default mode, or a JVM where the format is not available) every answer is "not a
 * converted class", which is also the format's own answer for every class it has not converted.
 */
public final class FormatSeam {

    /** What the converted format answers the engine about a class. */
    public interface ConvertedViews {

        /**
         * The engine's template for {@code desc} when it is the descriptor of a converted view of {@code cl} (the
         * descriptor the format has the JDK write for a converted class), or null for any other descriptor.
         */
        DescriptorTemplate template(Class<?> cl, ObjectStreamClass desc);

        /** Whether {@code cl}'s converted view declares its own {@code writeObject}/{@code readObject}. */
        boolean hasOwnMethods(Class<?> cl);
    }

    /** The registered format; null until it registers. Written once, read on every descriptor write. */
    private static volatile ConvertedViews views;

    private FormatSeam() {
    }

    /**
     * Registers the converted format; once per JVM (a second registration is a bug).
     *
     * @throws IllegalStateException when a format registered before
     */
    public static synchronized void register(final ConvertedViews format) {
        if (views != null) {
            throw new IllegalStateException("the converted format registered twice with the engine");
        }
        views = format;
    }

    /** The template of a converted view's descriptor, or null (see {@link ConvertedViews#template}). */
    static DescriptorTemplate convertedTemplate(final Class<?> cl, final ObjectStreamClass desc) {
        ConvertedViews format = views;
        return format == null ? null : format.template(cl, desc);
    }

    /** Whether {@code cl} is converted and its view declares its own methods (see {@link ConvertedViews}). */
    static boolean convertedWithOwnMethods(final Class<?> cl) {
        ConvertedViews format = views;
        return format != null && cl != null && format.hasOwnMethods(cl);
    }
}
