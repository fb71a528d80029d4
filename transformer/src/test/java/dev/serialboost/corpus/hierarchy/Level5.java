package dev.serialboost.corpus.hierarchy;

public final class Level5 extends Level4 {
    private static final long serialVersionUID = 15L;

    private int a;
    private final String name;

    public Level5(final int a, final String name, final Level1 peer) {
        super(a + 1, name + "/4", peer);
        this.a = a;
        this.name = name;
    }

    public int level5A() {
        return a;
    }
}
