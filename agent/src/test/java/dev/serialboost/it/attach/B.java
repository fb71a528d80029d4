package dev.serialboost.it.attach;

import java.io.Serializable;

/** First loaded after the agent is attached: converted. */
public class B implements Serializable {
    private static final long serialVersionUID = 22L;

    long id;
    String label;
    double[] values;

    B(final long id, final String label, final double[] values) {
        this.id = id;
        this.label = label;
        this.values = values;
    }

    public static B sample() {
        return new B(2L, "loaded after the agent", new double[] {1.5, -0.0, Double.NaN});
    }
}
