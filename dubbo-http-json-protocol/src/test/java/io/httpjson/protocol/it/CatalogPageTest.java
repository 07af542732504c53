package io.httpjson.protocol.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The catalog page at {@code GET /} in a real headless Chromium: it lists the services from openapi.json, and its
 * form sends calls (same origin, so the provider's Origin check lets them through) and shows the answers.
 */
class CatalogPageTest {

    static final String TEST = "/" + TestService.class.getName() + "/";
    static final Path OUT = Path.of("target", "catalog-page");

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("httpjson.openapi", "true")
            .service(TestService.class, new TestServiceImpl())
            .service(CatalogService.class, new CatalogService.Impl())
            .build();

    static WebDriver browser;

    @BeforeAll
    static void openBrowser() throws Exception {
        Path chromium = executable("chromium");
        Path driver = executable("chromedriver");
        assumeTrue(
                chromium != null && driver != null,
                "headless Chromium and chromedriver are needed: run scripts/install-test-tools.sh"
                        + " (Debian: apt-get install chromium chromium-driver)");
        Files.createDirectories(OUT);
        Path profile = Files.createTempDirectory(OUT, "profile-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.toFile());
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--window-size=1400,1000",
                "--user-data-dir=" + profile.toAbsolutePath());
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driver.toFile())
                .usingAnyFreePort()
                .withLogFile(OUT.resolve("chromedriver.log").toFile())
                // what Chromium keeps in the home directory (certificate store, font cache) goes under target/ too
                .withEnvironment(Map.of("HOME", OUT.toAbsolutePath().toString()))
                .build();
        browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    private static Path executable(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(java.io.File.pathSeparator)) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    private static WebDriverWait waiting() {
        return new WebDriverWait(browser, Duration.ofSeconds(20));
    }

    private static void open() {
        browser.get(server.baseUrl() + "/");
        waiting().until(d -> "true".equals(d.findElement(By.tagName("body")).getDomAttribute("data-ready")));
    }

    /** Picks the method, sends {@code body} through the form, and returns the status line the page shows. */
    private static String call(String path, String body) {
        browser.findElement(By.cssSelector("a.method[data-path='" + path + "']"))
                .click();
        WebElement text = browser.findElement(By.id("body"));
        text.clear();
        text.sendKeys(body);
        browser.findElement(By.id("send")).click();
        WebElement status = browser.findElement(By.id("status"));
        waiting().until(ExpectedConditions.visibilityOf(status));
        waiting().until(d -> !status.getText().isEmpty());
        return status.getText();
    }

    private static String shown(String id) {
        return browser.findElement(By.id(id)).getText();
    }

    @Test
    void listsServicesMethodsAndSchemas() {
        open();
        String services = shown("services");
        assertThat(services).contains(TestService.class.getName(), CatalogService.class.getName(), "getUser", "search");
        assertThat(shown("schemas")).contains("ResultOfPageOfUser", "User", "Error");
        browser.findElement(By.cssSelector("a.method[data-path='" + TEST + "getUser']"))
                .click();
        assertThat(shown("title")).isEqualTo("POST " + TEST + "getUser");
        assertThat(shown("request-schema")).contains("prefixItems", "int64");
        assertThat(shown("responses")).contains("#/components/schemas/ResultOfUser");
    }

    @Test
    void theFormSendsACallAndShowsTheAnswer() throws Exception {
        open();
        String status = call(TEST + "concat", "[\"open\", \"api\"]");
        assertThat(status).startsWith("200");
        assertThat(shown("response-body")).isEqualTo("\"openapi\"");
        assertThat(shown("response-headers").toLowerCase()).contains("content-type: application/json");
        // by name, as the document's second form says
        assertThat(call(TEST + "concat", "{\"a\": \"by\", \"b\": \"name\"}")).startsWith("200");
        assertThat(shown("response-body")).isEqualTo("\"byname\"");
        Path png = browser instanceof ChromeDriver c
                ? c.getScreenshotAs(OutputType.FILE).toPath()
                : null;
        assertThat(png).isNotNull();
        Files.copy(png, OUT.resolve("catalog.png"), StandardCopyOption.REPLACE_EXISTING);
        assertThat(Files.size(OUT.resolve("catalog.png"))).isGreaterThan(1000);
    }

    @Test
    void anOverloadIsPickedInTheForm() {
        open();
        browser.findElement(By.cssSelector("a.method[data-path='" + TEST + "overloaded']"))
                .click();
        Select types = new Select(browser.findElement(By.cssSelector("select[data-header='Dubbo-Parameter-Types']")));
        types.selectByValue("int");
        assertThat(browser.findElement(By.id("body")).getDomProperty("value")).isEqualTo("[1]");
        browser.findElement(By.id("send")).click();
        WebElement status = browser.findElement(By.id("status"));
        waiting().until(d -> !status.getText().isEmpty());
        assertThat(status.getText()).startsWith("200");
        assertThat(shown("response-body")).isEqualTo("\"int:1\"");
        types.selectByValue("java.lang.String,int");
        assertThat(browser.findElement(By.id("body")).getDomProperty("value")).isEqualTo("[\"text\",1]");
    }

    @Test
    void errorsAreShownWithTheirBody() {
        open();
        String status = call(TEST + "fail", "[\"no\", 42]");
        assertThat(status).startsWith("500");
        assertThat(shown("response-body")).contains("BUSINESS_EXCEPTION", "\"code\": 42", "BizException");
        assertThat(call(TEST + "concat", "[\"only one\"]")).startsWith("400");
        assertThat(shown("response-body")).contains("BAD_REQUEST");
    }
}
