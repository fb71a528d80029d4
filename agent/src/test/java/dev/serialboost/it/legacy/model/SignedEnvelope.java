package dev.serialboost.it.legacy.model;

/** A converted class under a custom-serialized one: levels read by different paths in one object. */
public class SignedEnvelope extends Envelope {
    private static final long serialVersionUID = 14L;

    private String signature;
    private Ring ring;

    public SignedEnvelope(final Object content, final String signature, final Ring ring) {
        super(content);
        this.signature = signature;
        this.ring = ring;
    }
}
