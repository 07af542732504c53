package io.httpjson.demo.api;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * The values callers in other languages find hard to get right, each in a method that makes a wrong answer
 * visible: longs beyond 2^53, bytes, dates and durations, nulls, overloaded methods, a slow call, a large answer (gzip)
 * and attachments both ways. The conformance kit ({@code conformance/cases.json}) calls every method.
 */
public interface EchoService {

    /** {@code id + 1}: a long beyond 2^53 that lost precision on the way comes back as the wrong number. */
    long nextId(long id);

    /** The ids, each plus one, in the same order. */
    List<Long> nextIds(List<Long> ids);

    /** The bytes in reverse order ({@code byte[]} is a base64 string in JSON). */
    byte[] reverse(byte[] data);

    /** The date this many days later (negative: earlier). */
    LocalDate plusDays(LocalDate date, int days);

    /** The time from one instant to another. */
    Duration between(Instant from, Instant to);

    /** {@code "null"} for a null argument, otherwise {@code "text:"} and the text. */
    String describe(String text);

    /** Null for an empty text, the text otherwise: a null result. */
    String emptyToNull(String text);

    /** Overloaded: the text, upper-cased. */
    String format(String text);

    /** Overloaded: the text, right-aligned in {@code width} characters with spaces. */
    String format(String text, int width);

    /** Overloaded: the number, right-aligned in {@code width} digits with zeros. */
    String format(long number, int width);

    /** The text repeated {@code times} times (at most 1 MiB of text): a large answer to a small request. */
    String repeat(String text, int times);

    /** Sleeps this many milliseconds (at most 10 000), then returns them. */
    int slow(int millis);

    /**
     * The request attachments named by {@code keys} that the call carried (absent ones left out); the answer
     * carries the attachment {@code echoed} with how many there were.
     */
    Map<String, String> attachments(List<String> keys);
}
