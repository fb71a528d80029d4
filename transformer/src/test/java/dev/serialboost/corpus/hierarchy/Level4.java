package dev.serialboost.corpus.hierarchy;

public class Level4 extends Level3 {
    private static final long serialVersionUID = 14L;

    private int a;
    private Object name;
    private Level1 peer;

    public Level4(final int a, final String name, final Level1 peer) {
        super(a + 1, name + "/3");
        this.a = a;
        this.name = name.length();
        this.peer = peer;
    }

    public int level4A() {
        return a;
    }
}
