package io.httpjson.it;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.httpjson.demo.api.GreetingService;
import io.httpjson.demo.api.Result;
import io.httpjson.demo.consumer.DemoConsumer;
import io.httpjson.demo.provider.DemoProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The demo provider and consumer through a real Nacos server. The protocol under test is httpjson
 * (dubbo while the httpjson protocol module has not landed); the provider always registers both.
 */
@ExtendWith(NacosServerExtension.class)
class NacosRegistryTest {

    static final String PROTOCOL = DemoProvider.httpjsonAvailable() ? DemoProvider.HTTPJSON : DemoProvider.DUBBO;
    static final String GREETING_PROVIDERS = "providers:" + GreetingService.class.getName() + "::";
    static final Duration PUSH_TIMEOUT = Duration.ofSeconds(60);

    static NacosServer nacos;

    @BeforeAll
    static void nacos(NacosServer server) {
        nacos = server;
        System.out.println(server + " ready; protocol under test: " + PROTOCOL
                + (server.startupTime() != null
                        ? "; Nacos started in " + server.startupTime().toMillis() + " ms"
                        : ""));
    }

    @ParameterizedTest(name = "register-mode={0}, consumer migration step {1}")
    @CsvSource({
        "interface, FORCE_INTERFACE",
        "instance,  FORCE_APPLICATION",
        "all,       APPLICATION_FIRST",
    })
    void providerRegistersOnLoopbackAndConsumerCallsEverything(String registerMode, String migrationStep) {
        String group = "it-" + registerMode + "-" + migrationStep.toLowerCase();
        DemoProvider.Settings providerSettings = new DemoProvider.Settings();
        providerSettings.registry = nacos.registryAddress(group);
        providerSettings.registerMode = registerMode;
        providerSettings.applicationName = "demo-provider-" + group;

        try (DemoProvider provider = DemoProvider.start(providerSettings)) {
            List<Integer> ports = List.copyOf(provider.ports().values());
            assertThat(provider.ports()).containsKeys(DemoProvider.DUBBO);

            if (!registerMode.equals("instance")) {
                // Interface-level: one Nacos instance per protocol, each on 127.0.0.1.
                await("interface-level registration").atMost(PUSH_TIMEOUT).untilAsserted(() -> assertThat(
                                nacos.instances(GREETING_PROVIDERS, group))
                        .extracting(NacosServer.Instance::ip, NacosServer.Instance::port)
                        .containsExactlyInAnyOrderElementsOf(ports.stream()
                                .map(p -> org.assertj.core.groups.Tuple.tuple("127.0.0.1", p))
                                .toList()));
            }
            if (!registerMode.equals("interface")) {
                // Application-level: one instance for the application, on 127.0.0.1, listing both protocols.
                await("application-level registration").atMost(PUSH_TIMEOUT).untilAsserted(() -> {
                    List<NacosServer.Instance> instances = nacos.instances(providerSettings.applicationName, group);
                    assertThat(instances).hasSize(1);
                    assertThat(instances.get(0).ip()).isEqualTo("127.0.0.1");
                    assertThat(ports).contains(instances.get(0).port());
                    for (String protocol : provider.ports().keySet()) {
                        assertThat(instances.get(0).metadataJson()).contains(protocol);
                    }
                });
            }

            DemoConsumer.Settings consumerSettings = new DemoConsumer.Settings();
            consumerSettings.protocol = PROTOCOL;
            consumerSettings.registry = nacos.registryAddress(group);
            consumerSettings.applicationName = "demo-consumer-" + group;
            consumerSettings.referenceParameters.put("migration.step", migrationStep);
            try (DemoConsumer consumer = DemoConsumer.connect(consumerSettings)) {
                await("provider pushed to the consumer")
                        .atMost(PUSH_TIMEOUT)
                        .until(() -> !consumer.knownGreetingProviders().isEmpty());
                assertThat(consumer.knownGreetingProviders()).containsExactly("127.0.0.1:" + provider.port(PROTOCOL));
                assertThat(consumer.callEverything(System.out)).isEmpty();
            }
        }
    }

    @Test
    void twoProvidersShareTheLoadAndTheConsumerFailsOverWithoutFailedCalls() throws Exception {
        String group = "it-load-balance";
        DemoProvider a = startProvider(group, "provider-a");
        DemoProvider b = startProvider(group, "provider-b");
        ScheduledExecutorService caller = Executors.newSingleThreadScheduledExecutor();
        DemoConsumer.Settings consumerSettings = new DemoConsumer.Settings();
        consumerSettings.protocol = PROTOCOL;
        consumerSettings.registry = nacos.registryAddress(group);
        consumerSettings.applicationName = "demo-consumer-" + group;
        consumerSettings.referenceParameters.putAll(
                Map.of("loadbalance", "roundrobin", "migration.step", "FORCE_INTERFACE"));
        try (DemoConsumer consumer = DemoConsumer.connect(consumerSettings)) {
            String addressA = "127.0.0.1:" + a.port(PROTOCOL);
            String addressB = "127.0.0.1:" + b.port(PROTOCOL);
            await("both providers pushed to the consumer").atMost(PUSH_TIMEOUT).untilAsserted(() -> assertThat(
                            consumer.knownGreetingProviders())
                    .containsExactlyInAnyOrder(addressA, addressB));

            GreetingService greeting = consumer.greetingService();
            for (int i = 0; i < 20; i++) {
                assertThat(greeting.sayHello("lb-" + i).getData()).isEqualTo("Hello, lb-" + i + "!");
            }
            System.out.println(
                    "20 round-robin calls: provider-a served " + a.greeting().calls() + ", provider-b served "
                            + b.greeting().calls());
            assertThat(a.greeting().calls()).isPositive();
            assertThat(b.greeting().calls()).isPositive();

            // Keep calling (every 5 ms, bounded) while provider-b goes away.
            AtomicLong ok = new AtomicLong();
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            ScheduledFuture<?> calls = caller.scheduleWithFixedDelay(
                    () -> {
                        try {
                            Result<String> r = greeting.sayHello("failover");
                            if (!"Hello, failover!".equals(r.getData())) {
                                failures.add(new AssertionError("unexpected " + r));
                            }
                            ok.incrementAndGet();
                        } catch (Throwable t) {
                            failures.add(t);
                        }
                    },
                    0,
                    5,
                    TimeUnit.MILLISECONDS);
            await().atMost(PUSH_TIMEOUT).until(() -> ok.get() >= 20);

            long stopStarted = System.nanoTime();
            b.close();
            long bCallsAfterClose = b.greeting().calls();
            await("registry push removes provider-b").atMost(PUSH_TIMEOUT).untilAsserted(() -> assertThat(
                            consumer.knownGreetingProviders())
                    .containsExactly(addressA));
            long pushMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopStarted);
            long aCallsAtPush = a.greeting().calls();
            await("calls keep flowing to provider-a")
                    .atMost(PUSH_TIMEOUT)
                    .until(() -> a.greeting().calls() >= aCallsAtPush + 20);
            calls.cancel(false);

            System.out.println("failover: provider-b stopped, consumer saw one provider after " + pushMillis + " ms; "
                    + ok.get() + " calls during the switch, " + failures.size() + " failed");
            assertThat(failures).isEmpty();
            assertThat(b.greeting().calls()).isEqualTo(bCallsAfterClose);
        } finally {
            caller.shutdownNow();
            a.close();
            b.close();
        }
    }

    private static DemoProvider startProvider(String group, String instanceName) {
        DemoProvider.Settings settings = new DemoProvider.Settings();
        settings.registry = nacos.registryAddress(group);
        settings.applicationName = "demo-provider-" + group;
        settings.instanceName = instanceName;
        return DemoProvider.start(settings);
    }
}
