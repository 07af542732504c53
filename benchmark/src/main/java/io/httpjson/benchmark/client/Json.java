package io.httpjson.benchmark.client;

import java.util.List;
import java.util.Map;

/** Just enough JSON writing for the reports (no JSON library needed on the client's side). */
final class Json {
    private Json() {}

    static String object(Map<String, ?> m) {
        StringBuilder sb = new StringBuilder("{");
        boolean first = true;
        for (Map.Entry<String, ?> e : m.entrySet()) {
            if (!first) {
                sb.append(',');
            }
            first = false;
            sb.append(string(e.getKey())).append(':').append(value(e.getValue()));
        }
        return sb.append('}').toString();
    }

    static String array(List<?> items) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(value(items.get(i)));
        }
        return sb.append(']').toString();
    }

    @SuppressWarnings("unchecked")
    static String value(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Double d) {
            return d.isNaN() || d.isInfinite() ? "null" : Report.format(d);
        }
        if (v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        if (v instanceof Map<?, ?> m) {
            return object((Map<String, ?>) m);
        }
        if (v instanceof List<?> l) {
            return array(l);
        }
        return string(String.valueOf(v));
    }

    static String string(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (ch < 0x20) {
                        sb.append(String.format("\\u%04x", (int) ch));
                    } else {
                        sb.append(ch);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
