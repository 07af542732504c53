package io.httpjson.protocol.internal;

/**
 * What a call's attachments are on the wire ({@link Attachments#encodeRequest}, {@link Attachments#encodeResponse}):
 * the W3C trace context headers and the {@code Dubbo-Attachments} value, which does not repeat them.
 */
public final class EncodedAttachments {

    /** Nothing to send. */
    public static final EncodedAttachments NONE = new EncodedAttachments(null, null);

    /** By the index of the name in {@link HttpFeatures#TRACE_HEADERS}: the value sent as that header. */
    private final String[] trace;

    private final String header;

    EncodedAttachments(String[] trace, String header) {
        this.trace = trace;
        this.header = header;
    }

    /** The value of {@code Dubbo-Attachments}, or null if there is none to send. */
    public String header() {
        return header;
    }

    /** The value to send as the header {@code HttpFeatures.TRACE_HEADERS.get(i)}, or null. */
    public String trace(int i) {
        return trace == null ? null : trace[i];
    }

    /** The trace context headers as lines of a request head ({@code name: value\r\n}), or null if none. */
    public String traceLines() {
        if (trace == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(128);
        for (int i = 0; i < trace.length; i++) {
            if (trace[i] != null) {
                sb.append(HttpFeatures.TRACE_HEADERS.get(i))
                        .append(": ")
                        .append(trace[i])
                        .append("\r\n");
            }
        }
        return sb.toString();
    }
}
