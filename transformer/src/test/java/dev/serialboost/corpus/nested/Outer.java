package dev.serialboost.corpus.nested;

import java.io.Serializable;

/** A serializable outer class with a serializable non-static inner class (synthetic final this$0 field). */
public class Outer implements Serializable {
    private static final long serialVersionUID = 60L;

    private int outerValue;
    private String outerName;

    public Outer(final int outerValue, final String outerName) {
        this.outerValue = outerValue;
        this.outerName = outerName;
    }

    public Inner inner(final int innerValue) {
        return new Inner(innerValue);
    }

    public class Inner implements Serializable {
        private static final long serialVersionUID = 61L;

        private int innerValue;
        private Inner sibling;

        Inner(final int innerValue) {
            this.innerValue = innerValue;
        }

        public void link(final Inner other) {
            sibling = other;
        }

        /** Reads the outer instance's private state (nestmate access). */
        public String describe() {
            return outerName + ":" + outerValue + ":" + innerValue;
        }
    }

    /** A private inner class, also serializable. */
    private class Hidden implements Serializable {
        private static final long serialVersionUID = 62L;
        private long secret = outerValue * 3L;
    }

    public Object hidden() {
        return new Hidden();
    }
}
