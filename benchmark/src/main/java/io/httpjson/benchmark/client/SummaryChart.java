package io.httpjson.benchmark.client;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** One PNG chart of a metric of the summaries against concurrency, one line per configuration. */
final class SummaryChart {
    private SummaryChart() {}

    /** Writes {@code outDir/name.png}. */
    static void write(
            List<Summary> summaries,
            Path outDir,
            int repeat,
            String call,
            String name,
            String yTitle,
            ToDoubleFunction<Summary> metric)
            throws IOException {
        XYChart chart = new XYChartBuilder()
                .width(900)
                .height(600)
                .title(yTitle + " vs concurrency (median of " + repeat + ", call " + call + ")")
                .xAxisTitle("concurrency (callers)")
                .yAxisTitle(yTitle)
                .build();
        chart.getStyler().setMarkerSize(7);
        Map<String, List<Summary>> lines = new LinkedHashMap<>();
        for (Summary s : summaries) {
            lines.computeIfAbsent(s.spec.seriesLabel(), k -> new ArrayList<>()).add(s);
        }
        for (Map.Entry<String, List<Summary>> e : lines.entrySet()) {
            List<Summary> pts = new ArrayList<>(e.getValue());
            pts.sort((a, b) -> Integer.compare(a.spec.concurrency(), b.spec.concurrency()));
            double[] x = pts.stream().mapToDouble(s -> s.spec.concurrency()).toArray();
            double[] y = pts.stream()
                    .mapToDouble(metric)
                    .map(d -> Double.isNaN(d) ? 0 : d)
                    .toArray();
            chart.addSeries(e.getKey(), x, y).setMarker(SeriesMarkers.CIRCLE);
        }
        BitmapEncoder.saveBitmap(chart, outDir.resolve(name + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
