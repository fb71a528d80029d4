package dev.serialboost.corpus.hierarchy;

public class Level3 extends Level2 {
    // no explicit serialVersionUID: computed
    private int a;
    private String name;
    protected double c;

    protected Level3(final int a, final String name) {
        super(a + 1, name + "/2");
        this.a = a;
        this.name = name;
        this.c = a / 4.0;
    }

    public int level3A() {
        return a;
    }
}
