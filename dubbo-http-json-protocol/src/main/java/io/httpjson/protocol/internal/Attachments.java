package io.httpjson.protocol.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;

import static org.apache.dubbo.common.constants.CommonConstants.GROUP_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.INTERFACE_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.PATH_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.TIMEOUT_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.VERSION_KEY;
import static org.apache.dubbo.common.constants.LoggerCodeConstants.PROTOCOL_INCORRECT_PARAMETER_VALUES;

/**
 * The {@code Dubbo-Attachments} header: {@code key=value} pairs separated by {@code ,}; keys and values are
 * UTF-8, percent-encoded except for {@code A-Z a-z 0-9 - . _ ~}. Strings travel as they are; numbers, booleans,
 * characters and enums as their text; other values are not sent (HTTP headers carry text only), which is logged once
 * per key.
 */
public final class Attachments {

    /** Keys that a request carries in its own headers or in the path, never in the attachments header. */
    private static final Set<String> ROUTING_KEYS =
            Set.of(PATH_KEY, INTERFACE_KEY, VERSION_KEY, GROUP_KEY, TIMEOUT_KEY);

    /** The W3C trace context attachments, which travel as headers of the same name where they can. */
    private static final List<String> TRACE = HttpFeatures.TRACE_HEADERS;

    private static final ErrorTypeAwareLogger LOG = LoggerFactory.getErrorTypeAwareLogger(Attachments.class);

    /** Values that are not text, said once per key. */
    static final DroppedAttachments DROPPED =
            new DroppedAttachments(1024, message -> LOG.warn(PROTOCOL_INCORRECT_PARAMETER_VALUES, "", "", message));

    private Attachments() {}

    /**
     * Encodes a request's attachments, or returns {@link EncodedAttachments#NONE} when there are none to send. The
     * W3C trace attachments that can stand in a header as they are go as their own headers ({@link
     * EncodedAttachments#traceLines}) and not again in {@code Dubbo-Attachments} (the provider takes them from those
     * headers); their bytes count against {@code maxBytes} with the rest, so that the consumer, not the provider's
     * header limit, refuses a request whose attachments are too large.
     *
     * @throws AttachmentsTooLargeException when the trace headers and the encoded header would exceed {@code
     *     maxBytes}
     */
    public static EncodedAttachments encodeRequest(Map<String, Object> attachments, int maxBytes) {
        return encode(attachments, maxBytes, true);
    }

    /**
     * Encodes an answer's attachments as {@link #encodeRequest} does a request's, but for the routing keys: an answer
     * has no headers of its own for them, so a {@code version} the service set arrives as over the dubbo protocol.
     */
    public static EncodedAttachments encodeResponse(Map<String, Object> attachments, int maxBytes) {
        return encode(attachments, maxBytes, false);
    }

    private static EncodedAttachments encode(Map<String, Object> attachments, int maxBytes, boolean request) {
        if (attachments == null || attachments.isEmpty()) {
            return EncodedAttachments.NONE;
        }
        String[] trace = null;
        int traceBytes = 0;
        for (int i = 0; i < TRACE.size(); i++) {
            String name = TRACE.get(i);
            Object v = attachments.get(name);
            if (v instanceof String && !((String) v).isEmpty() && isHeaderSafe((String) v)) {
                if (trace == null) {
                    trace = new String[TRACE.size()];
                }
                trace[i] = (String) v;
                traceBytes += name.length() + 2 + trace[i].length(); // "name: value"
                if (traceBytes > maxBytes) {
                    throw tooLarge(traceBytes, maxBytes, traceBytes, name);
                }
            }
        }
        StringBuilder sb = null;
        for (Map.Entry<String, Object> e : attachments.entrySet()) {
            String key = e.getKey();
            if (key == null || request && ROUTING_KEYS.contains(key) || trace != null && sentAsHeader(trace, key)) {
                continue;
            }
            String value = text(e.getValue());
            if (value == null) {
                if (e.getValue() != null) {
                    DROPPED.dropped(key, e.getValue(), request);
                }
                continue;
            }
            if (sb == null) {
                sb = new StringBuilder(64);
            } else {
                sb.append(',');
            }
            PercentCoding.escape(key, sb);
            sb.append('=');
            PercentCoding.escape(value, sb);
            if (traceBytes + sb.length() > maxBytes) {
                throw tooLarge(traceBytes + sb.length(), maxBytes, traceBytes, key);
            }
        }
        return sb == null && trace == null
                ? EncodedAttachments.NONE
                : new EncodedAttachments(trace, sb == null ? null : sb.toString());
    }

    /**
     * An answer's {@code Dubbo-Attachments} value with the trace context headers the answer carries added as pairs,
     * for {@link #decode}: a provider sends its trace attachments as those headers only (one of 0.1.0 sends them
     * in both places, alike), and the header wins, as it does on the provider.
     */
    public static String withTraceHeaders(String header, UnaryOperator<String> headers) {
        StringBuilder sb = null;
        for (String name : TRACE) {
            String v = headers.apply(name);
            if (v == null || v.isEmpty()) {
                continue;
            }
            if (sb == null) {
                sb = new StringBuilder((header == null ? 0 : header.length()) + 128);
                if (header != null && !header.isBlank()) {
                    sb.append(header).append(',');
                }
            } else {
                sb.append(',');
            }
            PercentCoding.escape(name, sb);
            sb.append('=');
            PercentCoding.escape(v, sb);
        }
        return sb == null ? header : sb.toString();
    }

    private static boolean sentAsHeader(String[] trace, String key) {
        int i = TRACE.indexOf(key);
        return i >= 0 && trace[i] != null;
    }

    private static AttachmentsTooLargeException tooLarge(int bytes, int maxBytes, int traceBytes, String key) {
        return new AttachmentsTooLargeException("attachments: " + bytes + "+ bytes encoded"
                + (traceBytes > 0 ? " (" + traceBytes + " of them in the trace headers " + TRACE + ")" : "")
                + " (expected: at most " + maxBytes + " bytes, set by " + HttpJsonConfig.MAX_ATTACHMENT_BYTES
                + "). Send large data as an argument, not as an attachment; the attachment that crossed the"
                + " limit is '" + key + "'");
    }

    private static String text(Object value) {
        if (value instanceof String) {
            return (String) value;
        }
        if (value instanceof Number
                || value instanceof Boolean
                || value instanceof Character
                || value instanceof Enum) {
            return value.toString();
        }
        return null;
    }

    /** A value that can stand in an HTTP header as it is: printable ASCII, at most 8 KiB. */
    public static boolean isHeaderSafe(String value) {
        if (value.length() > 8192) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return false;
            }
        }
        return true;
    }

    /**
     * Decodes a header value into {@code into}.
     *
     * @throws IllegalArgumentException naming the malformed part
     */
    public static Map<String, Object> decode(String header, Map<String, Object> into) {
        if (header == null || header.isEmpty()) {
            return into;
        }
        Map<String, Object> out = into == null ? new HashMap<>() : into;
        int start = 0;
        int len = header.length();
        while (start < len) {
            int end = header.indexOf(',', start);
            if (end < 0) {
                end = len;
            }
            int eq = header.indexOf('=', start);
            if (eq < 0 || eq > end) {
                throw new IllegalArgumentException(
                        Wire.ATTACHMENTS + ": '" + header.substring(start, end).trim()
                                + "' (expected: key=value pairs separated by ',', percent-encoded)");
            }
            // the whitespace the header may have around a pair is dropped; spaces inside the key or value travel
            // percent-encoded and are part of it
            // an empty key ("=v") is an ordinary key, as over the dubbo protocol: a Java consumer sends the one set
            int from = skipSpaces(header, start, eq);
            String key = PercentCoding.unescape(header, from, trailingSpaces(header, from, eq));
            from = skipSpaces(header, eq + 1, end);
            out.put(key, PercentCoding.unescape(header, from, trailingSpaces(header, from, end)));
            start = end + 1;
        }
        return out;
    }

    private static int skipSpaces(String s, int from, int to) {
        while (from < to && (s.charAt(from) == ' ' || s.charAt(from) == '\t')) {
            from++;
        }
        return from;
    }

    private static int trailingSpaces(String s, int from, int to) {
        while (to > from && (s.charAt(to - 1) == ' ' || s.charAt(to - 1) == '\t')) {
            to--;
        }
        return to;
    }

    /** The attachments would not fit the header limit. */
    public static final class AttachmentsTooLargeException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        AttachmentsTooLargeException(String message) {
            super(message);
        }
    }
}
