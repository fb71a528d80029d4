package dev.serialboost.corpus.iface;

/** Externalizable through its superclass: its own field is not written (plain JDK semantics). */
public class ExternalizableChild extends SelfExternalizable {
    private static final long serialVersionUID = 132L;

    private long notWritten;

    public ExternalizableChild() {
    }

    public ExternalizableChild(final int a, final long notWritten) {
        super(a, "child");
        this.notWritten = notWritten;
    }
}
