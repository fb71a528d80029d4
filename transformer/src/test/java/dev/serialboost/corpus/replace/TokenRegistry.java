package dev.serialboost.corpus.replace;

import java.util.LinkedHashMap;
import java.util.Map;

/** Not serializable: the canonical tokens of one class loader. */
public final class TokenRegistry {
    private static final Map<String, Token> CANONICAL = new LinkedHashMap<>();
    public static int lookups;

    private TokenRegistry() {
    }

    public static void register(final Token token) {
        CANONICAL.put(token.key(), token);
    }

    public static Token lookup(final String key) {
        return CANONICAL.get(key);
    }

    static Object canonical(final Token token) {
        lookups++;
        Token known = CANONICAL.get(token.key());
        return known != null ? known : token;
    }
}
