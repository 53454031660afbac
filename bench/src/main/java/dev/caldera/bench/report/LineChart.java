package dev.caldera.bench.report;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * A PNG line chart drawn with java.awt (headless): one line per series over shared x values, x on a log
 * scale when it spans more than a factor of 20, y from zero, and stamp lines (JVM, machine, date, command)
 * under the plot so that a chart found on its own still says where it came from.
 */
public final class LineChart {
    private static final int WIDTH = 960;
    private static final int HEIGHT = 600;
    private static final int LEFT = 90;
    private static final int RIGHT = 30;
    private static final int TOP = 50;
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
        new Color(0xff7f0e), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final Map<String, List<double[]>> series = new LinkedHashMap<>();
    private final List<String> stamp = new ArrayList<>();

    public LineChart(String title, String xLabel, String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /** Adds point (x, y) to series {@code name}; points are drawn in x order. */
    public LineChart point(String name, double x, double y) {
        if (Double.isFinite(x) && Double.isFinite(y)) {
            series.computeIfAbsent(name, k -> new ArrayList<>()).add(new double[] {x, y});
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
        ImageIO.write(draw(), "png", file.toFile());
    }

    BufferedImage draw() {
        BufferedImage img = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, HEIGHT);
        int bottom = HEIGHT - 60 - 16 * stamp.size();
        Plot plot = new Plot(g, LEFT, TOP, WIDTH - RIGHT, bottom);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.drawString(title, LEFT, 28);
        plot.axes();
        plot.lines();
        plot.legend();
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        g.setColor(Color.DARK_GRAY);
        for (int i = 0; i < stamp.size(); i++) {
            g.drawString(stamp.get(i), 10, HEIGHT - 10 - 16 * (stamp.size() - 1 - i));
        }
        g.dispose();
        return img;
    }

    /** Scales and draws inside the rectangle [x0, x1] x [y0, y1] (pixels, y0 at the top). */
    private final class Plot {
        private final Graphics2D g;
        private final int x0;
        private final int y0;
        private final int x1;
        private final int y1;
        private final TreeSet<Double> xs = new TreeSet<>();
        private final boolean logX;
        private final double yMax;

        Plot(Graphics2D g, int x0, int y0, int x1, int y1) {
            this.g = g;
            this.x0 = x0;
            this.y0 = y0;
            this.x1 = x1;
            this.y1 = y1;
            double max = 0;
            for (List<double[]> points : series.values()) {
                for (double[] p : points) {
                    xs.add(p[0]);
                    max = Math.max(max, p[1]);
                }
            }
            logX = !xs.isEmpty() && xs.first() > 0 && xs.last() / xs.first() > 20;
            yMax = niceCeiling(max);
        }

        int px(double x) {
            double lo = xs.isEmpty() ? 0 : xs.first();
            double hi = xs.isEmpty() ? 1 : xs.last();
            double f = hi == lo ? 0.5 : logX ? Math.log(x / lo) / Math.log(hi / lo) : (x - lo) / (hi - lo);
            return x0 + 20 + (int) Math.round(f * (x1 - x0 - 40));
        }

        int py(double y) {
            return y1 - (int) Math.round(y / yMax * (y1 - y0));
        }

        void axes() {
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            FontMetrics fm = g.getFontMetrics();
            for (int i = 0; i <= 5; i++) {
                double y = yMax * i / 5;
                int py = py(y);
                g.setColor(new Color(0xe6e6e6));
                g.drawLine(x0, py, x1, py);
                g.setColor(Color.BLACK);
                String label = format(y);
                g.drawString(label, x0 - 8 - fm.stringWidth(label), py + 4);
            }
            for (double x : xs) {
                int px = px(x);
                g.setColor(new Color(0xf0f0f0));
                g.drawLine(px, y0, px, y1);
                g.setColor(Color.BLACK);
                String label = format(x);
                g.drawString(label, px - fm.stringWidth(label) / 2, y1 + 18);
            }
            g.setColor(Color.BLACK);
            g.drawRect(x0, y0, x1 - x0, y1 - y0);
            g.drawString(xLabel + (logX ? " (log scale)" : ""), (x0 + x1 - fm.stringWidth(xLabel)) / 2, y1 + 38);
            Graphics2D r = (Graphics2D) g.create();
            r.rotate(-Math.PI / 2);
            r.drawString(yLabel, -(y0 + y1 + fm.stringWidth(yLabel)) / 2, 20);
            r.dispose();
        }

        void lines() {
            int c = 0;
            g.setStroke(new BasicStroke(2f));
            for (List<double[]> points : series.values()) {
                points.sort((a, b) -> Double.compare(a[0], b[0]));
                g.setColor(PALETTE[c++ % PALETTE.length]);
                for (int i = 0; i < points.size(); i++) {
                    int px = px(points.get(i)[0]);
                    int py = py(points.get(i)[1]);
                    g.fillOval(px - 4, py - 4, 8, 8);
                    if (i > 0) {
                        g.drawLine(px(points.get(i - 1)[0]), py(points.get(i - 1)[1]), px, py);
                    }
                }
            }
        }

        void legend() {
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            int c = 0;
            int y = y0 + 18;
            for (String name : series.keySet()) {
                g.setColor(PALETTE[c++ % PALETTE.length]);
                g.fillRect(x0 + 12, y - 9, 14, 10);
                g.setColor(Color.BLACK);
                g.drawString(name, x0 + 32, y);
                y += 17;
            }
        }
    }

    /** 1, 2 or 5 times a power of ten, at least {@code v}. */
    static double niceCeiling(double v) {
        if (!(v > 0)) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
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
}
