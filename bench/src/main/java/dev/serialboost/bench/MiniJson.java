package dev.serialboost.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Just enough JSON to read JMH's result file ({@code -rf json}): objects become {@code Map<String, Object>}
 * (in file order), arrays {@code List<Object>}, numbers {@code Double}, plus strings, booleans and null. JMH
 * writes non-finite scores as the strings {@code "NaN"} / {@code "Infinity"}; {@link #number} reads both forms.
 * Kept here so that the bench needs no JSON library.
 */
final class MiniJson {

    private final String text;
    private int pos;

    private MiniJson(final String text) {
        this.text = text;
    }

    /** The value {@code text} holds; throws {@link IllegalArgumentException} with the offset on bad input. */
    static Object parse(final String text) {
        MiniJson p = new MiniJson(text);
        Object value = p.value();
        p.space();
        if (p.pos != text.length()) {
            throw p.error("trailing characters");
        }
        return value;
    }

    /** A JSON number, or a string JMH writes for a non-finite one, as a double. */
    static double number(final Object value) {
        if (value instanceof Double d) {
            return d;
        }
        if (value instanceof String s) {
            return switch (s) {
                case "NaN" -> Double.NaN;
                case "Infinity" -> Double.POSITIVE_INFINITY;
                case "-Infinity" -> Double.NEGATIVE_INFINITY;
                default -> throw new IllegalArgumentException("not a number: \"" + s + "\"");
            };
        }
        throw new IllegalArgumentException("not a number: " + value);
    }

    private Object value() {
        space();
        if (pos >= text.length()) {
            throw error("unexpected end");
        }
        char c = text.charAt(pos);
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> numberLiteral();
        };
    }

    private Map<String, Object> object() {
        Map<String, Object> map = new LinkedHashMap<>();
        pos++;
        space();
        if (peek('}')) {
            pos++;
            return map;
        }
        while (true) {
            space();
            String key = string();
            space();
            expect(':');
            map.put(key, value());
            space();
            if (peek(',')) {
                pos++;
            } else {
                expect('}');
                return map;
            }
        }
    }

    private List<Object> array() {
        List<Object> list = new ArrayList<>();
        pos++;
        space();
        if (peek(']')) {
            pos++;
            return list;
        }
        while (true) {
            list.add(value());
            space();
            if (peek(',')) {
                pos++;
            } else {
                expect(']');
                return list;
            }
        }
    }

    private String string() {
        expect('"');
        StringBuilder out = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    pos += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private Object literal(final String word, final Object value) {
        if (!text.startsWith(word, pos)) {
            throw error("expected " + word);
        }
        pos += word.length();
        return value;
    }

    private Double numberLiteral() {
        int start = pos;
        while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        if (start == pos) {
            throw error("unexpected character '" + text.charAt(pos) + "'");
        }
        return Double.valueOf(text.substring(start, pos));
    }

    private void space() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private boolean peek(final char c) {
        return pos < text.length() && text.charAt(pos) == c;
    }

    private void expect(final char c) {
        if (!peek(c)) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private IllegalArgumentException error(final String what) {
        return new IllegalArgumentException("JSON: " + what + " at offset " + pos);
    }
}
