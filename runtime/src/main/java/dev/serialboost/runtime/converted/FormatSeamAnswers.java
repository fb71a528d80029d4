package dev.serialboost.runtime.converted;

import dev.serialboost.runtime.engine.DescriptorTemplate;
import dev.serialboost.runtime.engine.FormatSeam;
import java.io.ObjectStreamClass;

/**
 * What the converted format tells the engine through the one seam between the layers ({@link FormatSeam}), registered
 * when {@link ConvertedFormat} initializes: the engine's template of a converted view's descriptor, built on first
 * use and kept with the view, and whether a class's view has methods of its own.
 */
final class FormatSeamAnswers implements FormatSeam.ConvertedViews {

    /** What a view keeps when the JDK writes its descriptor itself. */
    private static final Object NO_TEMPLATE = new Object();

    /** The engine layer's template for a converted view's descriptor, or null for any other descriptor. */
    @Override
    public DescriptorTemplate template(final Class<?> cl, final ObjectStreamClass desc) {
        ConvertedView view = ConvertedViews.of(cl);
        if (view.desc != desc || desc == null) {
            return null;
        }
        Object template = view.template;
        if (template == null) {
            try {
                DescriptorTemplate built = DescriptorTemplate.build(desc);
                template = built == null ? NO_TEMPLATE : built;
            } catch (Throwable t) {
                template = NO_TEMPLATE;
            }
            view.template = template;
        }
        return template instanceof DescriptorTemplate t ? t : null;
    }

    @Override
    public boolean hasOwnMethods(final Class<?> cl) {
        return ConvertedViews.customMethods(cl) != null;
    }
}
