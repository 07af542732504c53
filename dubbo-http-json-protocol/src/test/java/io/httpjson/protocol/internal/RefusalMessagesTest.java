package io.httpjson.protocol.internal;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What an HTTP caller reads of Dubbo's own refusals: their status, and their messages without the provider's URL. */
class RefusalMessagesTest {

    @Test
    void aUrlsQueryIsCutUpToTheNextCommaSpaceSpacesAndAll() {
        String dubbos = "Failed to invoke method hold in provider httpjson://10.0.0.7:8090/x.A?application=orders"
                + "&owner=John Smith&pid=4242&token=s3cret, cause: The service using threads greater than"
                + " <dubbo:service executes=\"1\" /> limited.";
        assertThat(ErrorBody.withoutUrlQueries(dubbos))
                .isEqualTo("Failed to invoke method hold in provider httpjson://10.0.0.7:8090/x.A, cause: The service"
                        + " using threads greater than <dubbo:service executes=\"1\" /> limited.");
        assertThat(ErrorBody.withoutUrlQueries("in dubbo://h:1/x.B?a=1&b=2")).isEqualTo("in dubbo://h:1/x.B");
        assertThat(ErrorBody.withoutUrlQueries("no address here? none")).isEqualTo("no address here? none");
        assertThat(ErrorBody.withoutUrlQueries(null)).isNull();
    }

    @Test
    void aTpsRefusalIsA429WhereTheServiceOrTheMethodHasATps() {
        RpcException tps = new RpcException("Failed to invoke service x.A.hello because exceed max service tps.");
        assertThat(ErrorCode.statusOfReturned(tps, URL.valueOf("httpjson://h:1/x.A?tps=5"), "hello"))
                .isEqualTo(429);
        URL methodLevel = URL.valueOf("httpjson://h:1/x.A?hello.tps=5");
        assertThat(ErrorCode.statusOfReturned(tps, methodLevel, "hello")).isEqualTo(429);
        assertThat(ErrorCode.statusOfReturned(tps, methodLevel, "other"))
                .as("no tps there")
                .isEqualTo(500);
        assertThat(ErrorCode.statusOfReturned(
                        new RpcException("a nested call failed"), URL.valueOf("httpjson://h:1/x.A?tps=5"), "hello"))
                .as("another RpcException of the method")
                .isEqualTo(500);
    }
}
