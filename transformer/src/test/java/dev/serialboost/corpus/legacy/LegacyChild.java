package dev.serialboost.corpus.legacy;

/** Final fields at a second level, plus a computed serialVersionUID. */
public class LegacyChild extends LegacyFinal {
    private final char grade;
    private final LegacyPoint point;
    private final Object shared;

    public LegacyChild(final long id, final char grade, final LegacyPoint point) {
        super(id, "child");
        this.grade = grade;
        this.point = point;
        this.shared = point;
    }
}
