package dev.serialboost.it.engine.model;

/** An application exception with its own field, for Throwables with causes and suppressed exceptions. */
public class BusinessException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String code;

    public BusinessException(final String message, final String code, final Throwable cause) {
        super(message, cause);
        this.code = code;
    }
}
