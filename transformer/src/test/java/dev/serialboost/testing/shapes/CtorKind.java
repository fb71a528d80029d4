package dev.serialboost.testing.shapes;

/** Which constructors a serializable generated class declares. */
public enum CtorKind {
    /** Only {@code C(int)}: the transformer must inject a no-arg constructor. */
    INT_ONLY,
    /** Only a trivial public {@code C()}: {@code aload_0; invokespecial super.<init>()V; return}. */
    NO_ARG,
    /** Both. */
    NO_ARG_AND_INT
}
