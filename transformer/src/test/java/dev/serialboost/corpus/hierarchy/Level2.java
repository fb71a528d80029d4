package dev.serialboost.corpus.hierarchy;

public class Level2 extends Level1 {
    private static final long serialVersionUID = 12L;

    private int a;
    private long b;
    private transient int t2 = 99;

    protected Level2(final int a, final String name) {
        super(a + 1, name + "/1");
        this.a = a;
        this.b = -a;
    }

    public int level2A() {
        return a;
    }
}
