package io.httpjson.demo.provider;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.httpjson.demo.api.EchoService;
import org.apache.dubbo.rpc.RpcContext;

public class EchoServiceImpl implements EchoService {

    static final int MAX_SLEEP_MILLIS = 10_000;
    static final int MAX_REPEAT_CHARS = 1 << 20;

    @Override
    public long nextId(long id) {
        return id + 1;
    }

    @Override
    public List<Long> nextIds(List<Long> ids) {
        List<Long> next = new ArrayList<>(ids.size());
        for (Long id : ids) {
            next.add(id == null ? null : id + 1);
        }
        return next;
    }

    @Override
    public byte[] reverse(byte[] data) {
        byte[] reversed = new byte[data.length];
        for (int i = 0; i < data.length; i++) {
            reversed[i] = data[data.length - 1 - i];
        }
        return reversed;
    }

    @Override
    public LocalDate plusDays(LocalDate date, int days) {
        return date.plusDays(days);
    }

    @Override
    public Duration between(Instant from, Instant to) {
        return Duration.between(from, to);
    }

    @Override
    public String describe(String text) {
        return text == null ? "null" : "text:" + text;
    }

    @Override
    public String emptyToNull(String text) {
        return text == null || text.isEmpty() ? null : text;
    }

    @Override
    public String format(String text) {
        return text.toUpperCase(Locale.ROOT);
    }

    @Override
    public String format(String text, int width) {
        return String.format(Locale.ROOT, "%" + Math.max(1, width) + "s", text);
    }

    @Override
    public String format(long number, int width) {
        return String.format(Locale.ROOT, "%0" + Math.max(1, width) + "d", number);
    }

    @Override
    public String repeat(String text, int times) {
        if (times < 0 || (long) text.length() * times > MAX_REPEAT_CHARS) {
            throw new IllegalArgumentException("times: " + times + " (expected: 0 to "
                    + MAX_REPEAT_CHARS / Math.max(1, text.length()) + " for a text of " + text.length() + " chars)");
        }
        return text.repeat(times);
    }

    @Override
    public int slow(int millis) {
        if (millis < 0 || millis > MAX_SLEEP_MILLIS) {
            throw new IllegalArgumentException("millis: " + millis + " (expected: 0 to " + MAX_SLEEP_MILLIS + ")");
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return millis;
    }

    @Override
    public Map<String, String> attachments(List<String> keys) {
        Map<String, String> found = new LinkedHashMap<>();
        for (String key : keys) {
            String value = RpcContext.getServerAttachment().getAttachment(key);
            if (value != null) {
                found.put(key, value);
            }
        }
        RpcContext.getServerContext().setAttachment("echoed", String.valueOf(found.size()));
        return found;
    }
}
