package io.httpjson.protocol.reliability;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many 8 MiB bodies of {@code {},{},...} sent to {@code $echo} at once, the costliest shape to decode, against a
 * gson-text provider with a small heap. With the default {@code httpjson.decode-budget} every call is answered, 200
 * or 503 OVERLOADED; with the budget lifted ({@code -Dreliability.burst.budget=2147483647}) the same burst ends in
 * OutOfMemoryError and unanswered calls. Opt-in, it needs its own small heap:
 * <pre>
 * mvn -B -ntp -o test -pl dubbo-http-json-protocol -am -Dtest=DecodeBudgetBurstTest \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dreliability.burst=true -DargLine=-Xmx600m
 * </pre>
 */
@EnabledIfSystemProperty(named = "reliability.burst", matches = "true")
class DecodeBudgetBurstTest {

    @Test
    void aBurstOfCostlyBodiesIsAnsweredWithoutRunningOutOfHeap() throws Exception {
        String budget = System.getProperty("reliability.burst.budget");
        int calls = Integer.getInteger("reliability.burst.calls", 8);
        DubboServer.Builder b = DubboServer.builder()
                .param("serialization", "gson-text")
                .service(TestService.class, new TestServiceImpl());
        if (budget != null) {
            b.param("httpjson.decode-budget", budget);
        }
        b.build().run(server -> {
            StringBuilder body = new StringBuilder("[[");
            while (body.length() < 8 * 1024 * 1024 - 100) {
                body.append("{},");
            }
            body.append("{}]]");
            byte[] call = RawHttp.post("/io.httpjson.protocol.api.TestService/$echo", body.toString());
            Map<String, Integer> outcomes = new TreeMap<>();
            List<CompletableFuture<Void>> running = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                running.add(CompletableFuture.runAsync(() -> {
                    String outcome;
                    try {
                        RawHttp.Response r = RawHttp.exchange(server.port(), call);
                        outcome = r.status() == 503 && r.text().contains("OVERLOADED")
                                ? "503 OVERLOADED"
                                : String.valueOf(r.status());
                    } catch (Exception e) {
                        outcome = e.toString();
                    }
                    synchronized (outcomes) {
                        outcomes.merge(outcome, 1, Integer::sum);
                    }
                }));
            }
            CompletableFuture.allOf(running.toArray(new CompletableFuture[0])).get(300, TimeUnit.SECONDS);
            System.err.println("decode budget " + (budget == null ? "default" : budget) + ", max heap "
                    + Runtime.getRuntime().maxMemory() / 1048576 + " MB, " + calls + " calls: " + outcomes);
            outcomes.remove("200");
            outcomes.remove("503 OVERLOADED");
            assertThat(outcomes)
                    .as("calls neither served nor refused as OVERLOADED")
                    .isEmpty();
        });
    }
}
