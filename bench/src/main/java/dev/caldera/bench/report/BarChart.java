package dev.caldera.bench.report;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A PNG grouped bar chart drawn by JFreeChart (headless): one group of bars per category (named on the axis),
 * one bar per series in each, an optional standard-deviation whisker on each bar, y from zero, and the same stamp
 * lines under the plot as {@link LineChart}. For figures whose x is a list of names (workloads, policies), where a
 * line between neighbours would mean nothing.
 * <p>
 * Threading: one thread. Not on any hot path.
 */
public final class BarChart {
    private static final int WIDTH_PX = 1200;
    private static final int HEIGHT_PX = 640;

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final DefaultStatisticalCategoryDataset data = new DefaultStatisticalCategoryDataset();
    private final List<String> stamp = new ArrayList<>();

    public BarChart(String title, String xLabel, String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /**
     * The bar of {@code series} in {@code category}: height {@code value}, whisker of {@code sd} either side (NaN
     * for none). Categories and series keep the order they are first named in.
     */
    public BarChart bar(String series, String category, double value, double sd) {
        if (Double.isFinite(value)) {
            Number whisker = Double.isFinite(sd) ? Double.valueOf(sd) : null;
            data.add(Double.valueOf(value), whisker, series, category);
        }
        return this;
    }

    public BarChart stamp(String line) {
        stamp.add(line);
        return this;
    }

    public boolean isEmpty() {
        return data.getRowCount() == 0;
    }

    public int seriesCount() {
        return data.getRowCount();
    }

    public int categoryCount() {
        return data.getColumnCount();
    }

    public void write(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        ChartUtils.saveChartAsPNG(file.toFile(), chart(), WIDTH_PX, HEIGHT_PX);
    }

    JFreeChart chart() {
        CategoryAxis x = new CategoryAxis(xLabel);
        x.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        x.setCategoryMargin(0.25);
        NumberAxis y = new NumberAxis(yLabel);
        y.setAutoRangeIncludesZero(true);
        StatisticalBarRenderer bars = new StatisticalBarRenderer();
        bars.setBarPainter(new StandardBarPainter());
        bars.setShadowVisible(false);
        bars.setItemMargin(0.02);
        bars.setErrorIndicatorPaint(Color.DARK_GRAY);
        for (int i = 0; i < data.getRowCount(); i++) {
            bars.setSeriesPaint(i, LineChart.PALETTE[i % LineChart.PALETTE.length]);
        }
        CategoryPlot plot = new CategoryPlot(data, x, y, bars);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xe6e6e6));
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setPosition(RectangleEdge.TOP);
        LineChart.stampUnder(chart, stamp);
        return chart;
    }
}
