package io.httpjson.benchmark.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The JSON report: key order kept, nulls written, doubles as in the CSV, NaN as null, strings escaped. */
class ReportJsonTest {

    @Test
    void writesTheReportValuesAsTheCsvDoes() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("p99_us", 1234.56789);
        row.put("ratio", Double.NaN);
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("calls", 200L);
        info.put("first_error", null);
        info.put("truncated", false);
        info.put("provider_jvm_args", "-Dx=\"a\\b\"\n");
        info.put("summary", List.of(row));
        assertThat(Report.json(info))
                .isEqualTo(
                        "{\"calls\":200,\"first_error\":null,\"truncated\":false,"
                                + "\"provider_jvm_args\":\"-Dx=\\\"a\\\\b\\\"\\n\",\"summary\":[{\"p99_us\":1234.568,\"ratio\":null}]}");
    }
}
