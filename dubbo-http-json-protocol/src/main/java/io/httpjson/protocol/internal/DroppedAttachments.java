package io.httpjson.protocol.internal;

import java.util.function.Consumer;

/**
 * Says, once per key, that an attachment was not sent because its value is not text: a {@code byte[]} token or a
 * {@code Map} would otherwise vanish without a word on either side. The keys said are remembered up to a bound
 * (attachment keys are the application's, but nothing bounds how many it makes); past it nothing more is said.
 */
final class DroppedAttachments {

    private final OncePerKind said;
    private final Consumer<String> warn;

    DroppedAttachments(int maxKeys, Consumer<String> warn) {
        this.said = new OncePerKind(maxKeys);
        this.warn = warn;
    }

    /** The attachment {@code key} of a request (or an answer) was left out: its value is not text. */
    void dropped(String key, Object value, boolean request) {
        if (!said.first(key)) {
            return;
        }
        warn.accept("httpjson: the attachment '" + key + "' is not sent with " + (request ? "a request" : "an answer")
                + ": its value is a " + value.getClass().getTypeName() + ", and attachments travel as text (a"
                + " String, number, boolean, character or enum) in an HTTP header; send it as a String (Base64 for"
                + " bytes) or as an argument. Said once per key");
    }

    /** Whether the key was said (for tests). */
    boolean said(String key) {
        return said.said(key);
    }
}
