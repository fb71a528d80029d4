package dev.serialboost.corpus.iface;

/** Serializable only through SerialMarker. */
public class ViaInterface implements SerialMarker {
    private static final long serialVersionUID = 130L;

    private final int id;
    private String name;

    public ViaInterface(final int id, final String name) {
        this.id = id;
        this.name = name;
    }

    @Override
    public int id() {
        return id;
    }
}
