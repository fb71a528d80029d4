package dev.serialboost.corpus.custom;

/** A Throwable subclass (Throwable has writeObject/readObject and is a JDK class): SUPERCLASS_NOT_CONVERTED. */
public class DomainException extends Exception {
    private static final long serialVersionUID = 110L;

    private final int code;
    private final String[] details;

    public DomainException(final String message, final int code, final String... details) {
        super(message, null, false, false);
        this.code = code;
        this.details = details;
    }
}
