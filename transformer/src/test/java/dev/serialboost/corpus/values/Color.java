package dev.serialboost.corpus.values;

/** An enum with a constant-specific body (Color$1 is an enum class too). */
public enum Color {
    RED,
    GREEN {
        @Override
        public String code() {
            return "g";
        }
    },
    BLUE;

    public String code() {
        return name().substring(0, 1);
    }
}
