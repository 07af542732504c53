package io.httpjson.protocol.reliability;

import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.internal.Attachments;
import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.ServiceMeta;
import io.httpjson.protocol.internal.codec.Arguments;
import io.httpjson.protocol.internal.codec.JsonScan;
import io.httpjson.serialization.fastjson.Fastjson2TextCodec;
import io.httpjson.serialization.gson.GsonTextCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Fuzzes the request decoding path: {@link Arguments#read} with both JSON engines over every TestService method,
 * and {@link Attachments#decode}. Bad input may only fail with {@link JsonCodecException} or
 * {@link IllegalArgumentException} (what the server turns into 400); anything else (NullPointerException,
 * StackOverflowError, ClassCastException, OutOfMemoryError, a hang) is a bug, and so is a (UTF-8) input that one
 * engine accepts and the other refuses.
 *
 * <p>Input format (so seeds stay readable): byte 0 picks the engine that runs first (bit 0), then the method name up to the first
 * {@code \n} (an unknown name picks a method by its hash), then the body. The body, as text, is also an
 * attachments header.
 *
 * <p>In CI (no {@code JAZZER_FUZZ}) {@link #decode} runs the seed corpus in
 * {@code src/test/resources/io/httpjson/protocol/reliability/DecodeFuzzTestInputs/decode/} as regression tests,
 * and {@link #seededMutations} runs a bounded, deterministic mutation of those seeds. A real coverage-guided run:
 * <pre>
 * JAZZER_FUZZ=1 mvn -B -ntp -o test -pl dubbo-http-json-protocol -am -Dtest=DecodeFuzzTest#decode \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 * runs for {@code maxDuration} below (5 minutes; edit it for longer runs). The growing corpus goes to
 * {@code .cifuzz-corpus/} (ignored by git); a finding is written next to the seeds as a {@code crash-*} file, which
 * then replays in every regression run.
 */
class DecodeFuzzTest {

    static final JsonCodec[] CODECS = {new Fastjson2TextCodec(), new GsonTextCodec()};
    static final ServiceMeta META = ServiceMeta.of(TestService.class);
    static final MethodMeta[] METHODS = Arrays.stream(TestService.class.getMethods())
            .sorted(Comparator.comparing(Method::toString))
            .map(m -> META.find(m.getName(), m.getParameterTypes()))
            .toArray(MethodMeta[]::new);

    static final boolean FUZZING = System.getenv("JAZZER_FUZZ") != null
            && !System.getenv("JAZZER_FUZZ").isEmpty();
    static final String SECTION = "Fuzzing (decode path)";
    static final AtomicLong SEEDS = Figures.counter(
            SECTION,
            FUZZING
                    ? "Jazzer coverage-guided inputs run (JAZZER_FUZZ, last such run)"
                    : "Jazzer @FuzzTest inputs run (seed corpus, regression mode)");
    static final AtomicLong REJECTED = Figures.counter(
            SECTION,
            (FUZZING ? "JAZZER_FUZZ run: " : "")
                    + "inputs rejected as bad input (JsonCodecException/IllegalArgumentException)");

    @FuzzTest(maxDuration = "5m")
    void decode(byte[] input) {
        SEEDS.incrementAndGet();
        target(input);
    }

    /** The fuzz target: returns normally or with an expected rejection; anything else propagates. */
    static void target(byte[] input) {
        if (input.length == 0) {
            return;
        }
        int nl = 1;
        while (nl < input.length && input[nl] != '\n') {
            nl++;
        }
        MethodMeta method = pick(new String(input, 1, nl - 1, StandardCharsets.UTF_8));
        byte[] body = nl + 1 <= input.length
                ? Arrays.copyOfRange(input, Math.min(nl + 1, input.length), input.length)
                : new byte[0];
        JsonCodec codec = CODECS[input[0] & 1];
        boolean accepted = accepts(codec, body, method);
        boolean other = accepts(CODECS[(input[0] & 1) ^ 1], body, method);
        // the provider refuses a body that is not UTF-8 before a codec sees it; on the rest the engines agree
        if (accepted != other && JsonScan.invalidUtf8(body, 0, body.length) < 0) {
            throw new AssertionError(
                    "the JSON engines disagree: " + codec.getClass().getSimpleName()
                            + (accepted ? " accepts" : " refuses") + " a body for " + method + " that the other "
                            + (accepted ? "refuses" : "accepts"));
        }
        JsonScan.countArrayElements(body, 0, body.length);
        try {
            Attachments.decode(new String(body, StandardCharsets.UTF_8), new HashMap<>());
        } catch (IllegalArgumentException expected) {
            REJECTED.incrementAndGet();
        }
    }

    /** Whether {@code codec} reads the arguments; an expected rejection counts, anything else propagates. */
    static boolean accepts(JsonCodec codec, byte[] body, MethodMeta method) {
        try {
            Arguments.read(codec, body, body.length, method);
            return true;
        } catch (JsonCodecException | IllegalArgumentException expected) {
            REJECTED.incrementAndGet();
            return false;
        }
    }

    static MethodMeta pick(String name) {
        MethodMeta[] overloads = META.byName(name);
        if (overloads != null) {
            return overloads[Math.floorMod(name.length(), overloads.length)];
        }
        return METHODS[Math.floorMod(name.hashCode(), METHODS.length)];
    }

    /**
     * Bounded, deterministic mutations of the seed corpus (bit flips, JSON tokens inserted, ranges deleted or
     * repeated, seeds spliced): thousands of near-valid inputs in every CI run, with no fuzzing engine.
     */
    @Test
    void seededMutations() throws Exception {
        List<byte[]> seeds = seeds();
        assertThat(seeds).hasSizeGreaterThan(20);
        int rounds = Integer.getInteger("reliability.fuzz.mutations", 30_000);
        String[] tokens = {
            "[",
            "]",
            "{",
            "}",
            "\"",
            ",",
            ":",
            "null",
            "true",
            "-",
            "1e999",
            "0.5",
            "\\u0000",
            "\\ud800",
            "\"@type\":\"io.httpjson.protocol.reliability.Gadget\"",
            "%",
            "%E2%9C",
            "=",
            "[[[[[[",
            "9999999999999999999999"
        };
        Random random = new Random(20261122L);
        AtomicLong counted = Figures.counter(SECTION, "deterministic mutations run");
        assertTimeoutPreemptively(Duration.ofMinutes(2), () -> {
            for (int i = 0; i < rounds; i++) {
                byte[] in = mutate(seeds.get(random.nextInt(seeds.size())), seeds, tokens, random);
                counted.incrementAndGet();
                try {
                    target(in);
                } catch (Throwable t) {
                    throw new AssertionError(
                            "unexpected " + t + " for input (base64) "
                                    + java.util.Base64.getEncoder().encodeToString(in),
                            t);
                }
            }
        });
        assertThat(GadgetFlag.initialized || GadgetFlag.constructed).isFalse();
    }

    static byte[] mutate(byte[] seed, List<byte[]> seeds, String[] tokens, Random r) {
        byte[] b = seed.clone();
        int steps = 1 + r.nextInt(4);
        for (int s = 0; s < steps; s++) {
            int at = b.length <= 1 ? b.length : 1 + r.nextInt(b.length - 1);
            switch (r.nextInt(6)) {
                case 0 -> {
                    if (b.length > 1) {
                        b[at == b.length ? b.length - 1 : at] ^= (byte) (1 << r.nextInt(8));
                    }
                }
                case 1 -> b = insert(b, at, tokens[r.nextInt(tokens.length)].getBytes(StandardCharsets.UTF_8));
                case 2 -> {
                    int len = Math.min(b.length - at, 1 + r.nextInt(8));
                    byte[] c = new byte[b.length - len];
                    System.arraycopy(b, 0, c, 0, at);
                    System.arraycopy(b, at + len, c, at, b.length - at - len);
                    b = c;
                }
                case 3 -> {
                    int len = Math.min(b.length - at, 1 + r.nextInt(16));
                    b = insert(b, at, Arrays.copyOfRange(b, at, at + len));
                }
                case 4 -> {
                    byte[] other = seeds.get(r.nextInt(seeds.size()));
                    int from = other.length <= 1 ? 0 : 1 + r.nextInt(other.length - 1);
                    b = insert(Arrays.copyOf(b, at), at, Arrays.copyOfRange(other, from, other.length));
                }
                default -> b = insert(b, at, new byte[] {(byte) r.nextInt(256)});
            }
        }
        return b;
    }

    static byte[] insert(byte[] b, int at, byte[] what) {
        byte[] c = new byte[b.length + what.length];
        System.arraycopy(b, 0, c, 0, at);
        System.arraycopy(what, 0, c, at, what.length);
        System.arraycopy(b, at, c, at + what.length, b.length - at);
        return c;
    }

    static List<byte[]> seeds() throws URISyntaxException, java.io.IOException {
        Path dir = Path.of(
                DecodeFuzzTest.class.getResource("DecodeFuzzTestInputs/decode").toURI());
        List<byte[]> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.sorted().toList()) {
                out.add(Files.readAllBytes(p));
            }
        }
        return out;
    }
}
