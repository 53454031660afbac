package dev.caldera.bench.report;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A PNG line chart drawn by JFreeChart (headless): one line per series, x on a log scale when it spans more than
 * a factor of 20, y from zero, short axis numbers (50k, 1.5M), and stamp lines (JVM, machine, date, command) under
 * the plot so that a chart found on its own still says where it came from.
 * <p>
 * Threading: one thread. Not on any hot path.
 */
public final class LineChart {
    private static final int WIDTH_PX = 960;
    private static final int HEIGHT_PX = 600;
    static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
        new Color(0xff7f0e), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final Map<String, XYSeries> series = new LinkedHashMap<>();
    private final List<String> stamp = new ArrayList<>();

    public LineChart(String title, String xLabel, String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /** Adds point (x, y) to series {@code name}; points are drawn in x order. */
    public LineChart point(String name, double x, double y) {
        if (Double.isFinite(x) && Double.isFinite(y)) {
            series.computeIfAbsent(name, k -> new XYSeries(k, true, true)).add(x, y);
        }
        return this;
    }

    public LineChart stamp(String line) {
        stamp.add(line);
        return this;
    }

    public boolean isEmpty() {
        return series.isEmpty();
    }

    public int seriesCount() {
        return series.size();
    }

    public void write(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        ChartUtils.saveChartAsPNG(file.toFile(), chart(), WIDTH_PX, HEIGHT_PX);
    }

    JFreeChart chart() {
        XYSeriesCollection data = new XYSeriesCollection();
        series.values().forEach(data::addSeries);
        XYPlot plot = new XYPlot(data, xAxis(data), yAxis(), renderer());
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xf0f0f0));
        plot.setRangeGridlinePaint(new Color(0xe6e6e6));
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setPosition(RectangleEdge.TOP);
        stampUnder(chart, stamp);
        return chart;
    }

    /** The stamp lines under the plot, first line on top. */
    static void stampUnder(JFreeChart chart, List<String> stamp) {
        for (int i = stamp.size() - 1; i >= 0; i--) { // bottom titles stack upwards: the first line ends on top
            TextTitle t = new TextTitle(stamp.get(i), new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            t.setPosition(RectangleEdge.BOTTOM);
            t.setPaint(Color.DARK_GRAY);
            chart.addSubtitle(t);
        }
    }

    private ValueAxis xAxis(XYSeriesCollection data) {
        double lo = data.getSeriesCount() == 0 ? 0 : data.getDomainLowerBound(false);
        double hi = data.getSeriesCount() == 0 ? 1 : data.getDomainUpperBound(false);
        if (lo > 0 && hi / lo > 20) {
            LogAxis log = new LogAxis(xLabel + " (log scale)");
            log.setBase(10);
            log.setTickUnit(new NumberTickUnit(1, new ShortNumbers(), 9)); // labels at powers of ten
            log.setMinorTickMarksVisible(true);
            log.setNumberFormatOverride(new ShortNumbers());
            return log;
        }
        NumberAxis linear = new NumberAxis(xLabel);
        linear.setAutoRangeIncludesZero(false);
        linear.setNumberFormatOverride(new ShortNumbers());
        return linear;
    }

    private NumberAxis yAxis() {
        NumberAxis y = new NumberAxis(yLabel);
        y.setAutoRangeIncludesZero(true);
        y.setNumberFormatOverride(new ShortNumbers());
        return y;
    }

    private XYLineAndShapeRenderer renderer() {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < series.size(); i++) {
            r.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            r.setSeriesStroke(i, new java.awt.BasicStroke(2f));
        }
        return r;
    }

    /** Short numbers for axes: 50k, 1.5M, 0.25. */
    static String format(double v) {
        double a = Math.abs(v);
        if (a >= 1e6) {
            return trim(v / 1e6) + "M";
        }
        if (a >= 1e4) {
            return trim(v / 1e3) + "k";
        }
        return trim(v);
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, Math.abs(v) >= 100 || v == Math.rint(v) ? "%.0f" : "%.3g", v);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    /** {@link #format} as the tick label format JFreeChart's axes take. */
    private static final class ShortNumbers extends NumberFormat {
        private static final long serialVersionUID = 1L;

        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            return to.append(LineChart.format(number));
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return to.append(LineChart.format(number));
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            // JFreeChart only formats tick labels; a plain number is read back, a shortened one ("12k") gives null
            return NumberFormat.getNumberInstance(Locale.ROOT).parse(source, pos);
        }
    }
}
