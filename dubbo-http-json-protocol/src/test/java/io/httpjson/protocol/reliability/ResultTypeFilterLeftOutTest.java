package io.httpjson.protocol.reliability;

import java.util.List;

import io.httpjson.codec.internal.ResultTypeFilter;
import io.httpjson.protocol.internal.client.HttpJsonInvoker;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.constants.CommonConstants;
import org.apache.dubbo.rpc.Filter;
import org.apache.dubbo.rpc.model.ScopeModelUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dubbo protocol's result-type filter (for its text serializations) is left out of an httpjson reference's
 * filter chain, which Dubbo builds from the invoker's URL: httpjson reads a result by its method, and the filter's
 * node cost measurable client CPU per call. A user's own {@code reference.filter} list is kept.
 */
class ResultTypeFilterLeftOutTest {

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    private static List<Filter> chain(URL url) {
        // as Dubbo's DefaultFilterChainBuilder finds an invoker's filters
        return ScopeModelUtil.getExtensionLoader(Filter.class, url.getScopeModel())
                .getActivateExtension(url, CommonConstants.REFERENCE_FILTER_KEY, CommonConstants.CONSUMER);
    }

    @Test
    void anHttpJsonReferenceLeavesTheResultTypeFilterOut() throws Exception {
        try (FakeProvider fake = new FakeProvider((n, id, body, out) -> {})) {
            HttpJsonInvoker<OnceService> plain =
                    consumer.refer(OnceService.class, fake.port(), "serialization=fastjson2-text");
            URL dubbo = URL.valueOf("dubbo://127.0.0.1:" + fake.port() + "/" + OnceService.class.getName()
                            + "?interface=" + OnceService.class.getName() + "&serialization=fastjson2-text")
                    .setScopeModel(plain.getUrl().getScopeModel());
            assertThat(chain(dubbo))
                    .as("the dubbo protocol's chain has it (the check could fail)")
                    .anyMatch(f -> f instanceof ResultTypeFilter);

            HttpJsonInvoker<OnceService> own =
                    consumer.refer(OnceService.class, fake.port(), "serialization=gson-text&reference.filter=-echo");
            try {
                assertThat(chain(plain.getUrl())).noneMatch(f -> f instanceof ResultTypeFilter);
                assertThat(chain(own.getUrl())).noneMatch(f -> f instanceof ResultTypeFilter);
                assertThat(own.getUrl().getParameter(CommonConstants.REFERENCE_FILTER_KEY))
                        .as("the user's own list is kept")
                        .contains("-echo");
            } finally {
                plain.destroy();
                own.destroy();
            }
        }
    }
}
