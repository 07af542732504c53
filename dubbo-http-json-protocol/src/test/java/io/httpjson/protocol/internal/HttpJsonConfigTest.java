package io.httpjson.protocol.internal;

import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HttpJsonConfigTest {

    private static HttpJsonConfig of(String query) {
        return HttpJsonConfig.of(URL.valueOf("httpjson://127.0.0.1:8090/x.Y" + query));
    }

    @Test
    void pipeliningIsOnForShortCallsByDefault() {
        HttpJsonConfig c = of("");
        assertThat(c.pipelining()).isEqualTo(32);
        assertThat(c.pipeliningBudgetNanos()).isEqualTo(2_000_000L);
        HttpJsonConfig set = of("?httpjson.pipelining=1&httpjson.pipelining-budget-micros=500");
        assertThat(set.pipelining()).isEqualTo(1);
        assertThat(set.pipeliningBudgetNanos()).isEqualTo(500_000L);
    }

    @Test
    void connectionsGrowFrom200UnlessMaxConnectionsIsSet() {
        HttpJsonConfig c = of("");
        assertThat(c.maxConnections()).isEqualTo(200);
        assertThat(c.connectionsCeiling()).isEqualTo(2000);
        assertThat(c.maxIdle()).isEqualTo(200);
        HttpJsonConfig set = of("?httpjson.max-connections=200");
        assertThat(set.maxConnections()).isEqualTo(200);
        assertThat(set.connectionsCeiling()).isEqualTo(200);
        assertThat(of("?httpjson.max-connections=5000").connectionsCeiling()).isEqualTo(5000);
    }

    @Test
    void theAcceptQueueIsDubbosBacklog() {
        assertThat(of("").backlog()).isEqualTo(1024);
        assertThat(of("?backlog=4096").backlog()).isEqualTo(4096);
        assertThatThrownBy(() -> of("?backlog=0"))
                .hasMessageStartingWith("backlog: 0 (expected: an integer from 1 to 65535)");
    }

    @Test
    void corsOriginsAreReadOnceAsBrowsersSendThem() {
        assertThat(of("").corsAllowedOrigins()).isEmpty();
        assertThat(of("?httpjson.cors-allowed-origins=*").corsAllowedOrigins()).containsExactly("*");
        assertThat(HttpJsonConfig.of(URL.valueOf("httpjson://127.0.0.1:8090/x.Y")
                                .addParameter(
                                        HttpJsonConfig.CORS_ALLOWED_ORIGINS,
                                        "https://App.Example.com/, http://localhost:3000,http://[::1]:8080"))
                        .corsAllowedOrigins())
                .containsExactly("https://app.example.com", "http://localhost:3000", "http://[::1]:8080");
        for (String bad : new String[] {
            "app.example.com", "https://app.example.com/path", "ftp://x", "http://x:port", "http://x:123456"
        }) {
            assertThatThrownBy(() -> of("?httpjson.cors-allowed-origins=" + bad))
                    .as(bad)
                    .hasMessageStartingWith("httpjson.cors-allowed-origins: " + bad + " (expected: * or origins");
        }
    }

    @Test
    void helpLinksPointUnderTheConfiguredDocsFolder() {
        assertThat(of("").helpBaseUrl()).isEqualTo("https://github.com/httpjson/httpjson/blob/main/docs/");
        assertThat(of("").help(ErrorCode.BAD_REQUEST))
                .isEqualTo("https://github.com/httpjson/httpjson/blob/main/docs/troubleshooting.md#bad-request");
        URL base = URL.valueOf("httpjson://127.0.0.1:8090/x.Y");
        for (String folder : new String[] {"https://docs.example.com/httpjson/", "https://docs.example.com/httpjson"}) {
            HttpJsonConfig c = HttpJsonConfig.of(base.addParameter(HttpJsonConfig.HELP_BASE_URL, folder));
            assertThat(c.helpBaseUrl()).as(folder).isEqualTo("https://docs.example.com/httpjson/");
            assertThat(c.help(ErrorCode.OVERLOADED))
                    .isEqualTo("https://docs.example.com/httpjson/troubleshooting.md#overloaded");
        }
        assertThat(HttpJsonConfig.of(base.addParameter(HttpJsonConfig.HELP_BASE_URL, "http://10.0.0.7:8000/"))
                        .help(ErrorCode.SHUTTING_DOWN))
                .isEqualTo("http://10.0.0.7:8000/troubleshooting.md#shutting-down");
        for (String bad : new String[] {
            "docs/",
            "ftp://docs.example.com/",
            "https:///docs/",
            "https://docs.example.com/?page=1",
            "https://docs.example.com/#top",
            "https://docs example.com/"
        }) {
            assertThatThrownBy(() -> HttpJsonConfig.of(base.addParameter(HttpJsonConfig.HELP_BASE_URL, bad)))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("httpjson.help-base-url: " + bad
                            + " (expected: the http or https URL of the folder that holds troubleshooting.md");
        }
    }

    @Test
    void directDispatchHasASelectorPerCoreUnlessIoThreadsIsSet() {
        int cores = Runtime.getRuntime().availableProcessors();
        int half = Math.max(1, Math.min(4, cores / 2));
        assertThat(of("").ioThreads()).isEqualTo(half);
        assertThat(of("").selectors()).isEqualTo(half);
        assertThat(of("?httpjson.dispatch=pool").selectors()).isEqualTo(half);
        HttpJsonConfig direct = of("?httpjson.dispatch=direct");
        assertThat(direct.selectors()).isEqualTo(cores);
        assertThat(direct.ioThreads()).as("a consumer's IO threads").isEqualTo(half);
        assertThat(of("?dispatcher=direct").selectors()).isEqualTo(cores);
        assertThat(of("?httpjson.dispatch=direct&iothreads=3").selectors()).isEqualTo(3);
        assertThat(of("?iothreads=3").ioThreads()).isEqualTo(3);
    }

    @Test
    void badValuesFailFastNamingTheKeyAndWhatIsExpected() {
        assertThatThrownBy(() -> of("?httpjson.pipelining-budget-micros=0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "httpjson.pipelining-budget-micros: 0 (expected: an integer from 1 to 60000000)");
        assertThatThrownBy(() -> of("?httpjson.pipelining=lots"))
                .hasMessageStartingWith("httpjson.pipelining: lots (expected: an integer from 1 to 1024)")
                .hasMessageContaining("docs/configuration.md");
        assertThatThrownBy(() -> of("?httpjson.dispatch=fast"))
                .hasMessageStartingWith("httpjson.dispatch: fast (expected: pool, jetty or direct)");
        // Dubbo's dispatcher: one Dubbo has is taken (only direct changes anything), another fails as over dubbo
        assertThat(of("?dispatcher=all").selectors()).isEqualTo(of("").selectors());
        assertThat(of("?dispatcher=message").selectors()).isEqualTo(of("").selectors());
        assertThatThrownBy(() -> of("?dispatcher=bogus"))
                .hasMessageStartingWith("dispatcher: bogus (expected: a Dubbo dispatcher");
    }

    @Test
    void admissionLimitsHaveDefaultsAndFailFast() {
        HttpJsonConfig c = of("");
        assertThat(c.allowedHosts()).isEmpty();
        assertThat(c.headerTimeoutMillis()).isEqualTo(20_000);
        assertThat(c.minBodyRate()).isEqualTo(1024);
        assertThat(c.accepts()).isEqualTo(10_000);
        assertThat(c.decodeBudget()).isGreaterThanOrEqualTo(1 << 20);
        HttpJsonConfig set =
                of("?httpjson.header-timeout=500&httpjson.min-body-rate=0&accepts=0" + "&httpjson.decode-budget=4096");
        assertThat(set.headerTimeoutMillis()).isEqualTo(500);
        assertThat(set.minBodyRate()).isZero();
        assertThat(set.accepts()).isZero();
        assertThat(set.decodeBudget()).isEqualTo(4096);
        assertThatThrownBy(() -> of("?httpjson.header-timeout=0"))
                .hasMessageStartingWith("httpjson.header-timeout: 0 (expected: an integer from 1 to 2147483647)");
        assertThatThrownBy(() -> of("?httpjson.min-body-rate=-1"))
                .hasMessageStartingWith("httpjson.min-body-rate: -1 (expected: an integer from 0 to 2147483647)");
        assertThatThrownBy(() -> of("?httpjson.decode-budget=1k"))
                .hasMessageStartingWith("httpjson.decode-budget: 1k (expected: an integer from 1024 to 2147483647)");
        assertThatThrownBy(() -> of("?accepts=-5"))
                .hasMessageStartingWith("accepts: -5 (expected: an integer from 0 to 1000000)");
    }

    @Test
    void allowedHostsAreReadOnceAsPatterns() {
        assertThat(HttpJsonConfig.of(URL.valueOf("httpjson://127.0.0.1:8090/x.Y")
                                .addParameter(
                                        HttpJsonConfig.ALLOWED_HOSTS,
                                        " LocalHost, 127.0.0.1:8090,[::1],*.Example.com:443"))
                        .allowedHosts())
                .containsExactly("localhost", "127.0.0.1:8090", "[::1]", "*.example.com:443");
        for (String bad :
                new String[] {"http://localhost", "local host", "*example.com", "a.com:port", "a.com/x", "a.*.com"}) {
            assertThatThrownBy(() -> HttpJsonConfig.of(URL.valueOf("httpjson://127.0.0.1:8090/x.Y")
                            .addParameter(HttpJsonConfig.ALLOWED_HOSTS, bad)))
                    .as(bad)
                    .hasMessageStartingWith("httpjson.allowed-hosts: " + bad + " (expected: host names or addresses");
        }
    }

    /**
     * Every invoker has a config, one per provider address a registry pushes, so a config holds nothing per error
     * code: links are made when an error body is written. (Links made up front cost about 2.8 KB per config.)
     */
    @Test
    void aConfigHoldsLittleHeap() {
        URL url = URL.valueOf("httpjson://127.0.0.1:8090/x.Y");
        int n = 20_000;
        HttpJsonConfig[] configs = new HttpJsonConfig[n];
        long before = usedAfterGc();
        for (int i = 0; i < n; i++) {
            configs[i] = HttpJsonConfig.of(url);
        }
        long perConfig = (usedAfterGc() - before) / n;
        assertThat(configs[n - 1].help(ErrorCode.values()[0])).startsWith(configs[0].helpBaseUrl());
        assertThat(perConfig).as("bytes of heap per config").isLessThan(1_000);
    }

    private static long usedAfterGc() {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        return rt.totalMemory() - rt.freeMemory();
    }
}
