package dev.serialboost.transformer.converted;

import java.util.List;
import java.util.Objects;

/**
 * What serialboost decided for one class, and why. A converted class's decision also records the
 * layout its generated code writes, which later stages (the bulk copy, the layout check on read) rely on.
 *
 * @param className           binary name with dots
 * @param reason              why the class was skipped; {@code null} when it was converted
 * @param detail              the specifics behind the reason (which method, which superclass), may be empty
 * @param fields              this level's serializable fields in the order the generated code writes
 *                            them (empty when skipped): {@link FieldSpec#STREAM_ORDER}, or the bulk
 *                            record's order when {@code bulk}
 * @param bulk                whether this level is written as one record by the runtime's BulkLayout
 * @param convertedSuperclass for a converted class, its nearest serializable superclass when that is converted
 *                            too (the generated code writes its fields first); {@code null} otherwise. A
 *                            skipped class below a converted one is written in the plain format, its whole
 *                            hierarchy with it, as without the agent
 * @param notes               facts about the conversion a user may want to know (bulk record,
 *                            final-field technique, class-file version change)
 */
public record Decision(String className, SkipReason reason, String detail, List<FieldSpec> fields, boolean bulk,
                       String convertedSuperclass, List<String> notes) {

    public Decision {
        Objects.requireNonNull(className, "className");
        Objects.requireNonNull(detail, "detail");
        fields = List.copyOf(fields);
        notes = List.copyOf(notes);
        if (reason != null && !fields.isEmpty()) {
            throw new IllegalStateException("a skipped class has no generated fields: " + className);
        }
    }

    static Decision skipped(final String className, final SkipReason reason, final String detail) {
        return new Decision(className, Objects.requireNonNull(reason, "reason"), detail, List.of(), false, null, List.of());
    }

    public boolean isConverted() {
        return reason == null;
    }

    /** One line for logs: {@code com.acme.Foo converted (3 fields; note; note)} or the skip sentence. */
    @Override
    public String toString() {
        if (isConverted()) {
            StringBuilder line = new StringBuilder(className).append(" converted (").append(fields.size())
                    .append(fields.size() == 1 ? " field" : " fields");
            if (convertedSuperclass != null) {
                line.append(" after those of ").append(convertedSuperclass);
            }
            for (String note : notes) {
                line.append("; ").append(note);
            }
            return line.append(')').toString();
        }
        return className + " skipped: it " + reason.sentence() + (detail.isEmpty() ? "" : " (" + detail + ")");
    }
}
