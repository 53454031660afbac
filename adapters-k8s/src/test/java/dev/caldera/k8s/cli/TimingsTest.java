package dev.caldera.k8s.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link Timings}: the JVM's uptime when the command began, though it is asked for on another thread. */
class TimingsTest {
    @Test
    void theTimeBeforeTheCommandIsTheUptimeWhenTimingsBegan() throws InterruptedException {
        long before = ManagementFactory.getRuntimeMXBean().getUptime();
        Timings timings = new Timings(true);
        long after = ManagementFactory.getRuntimeMXBean().getUptime();
        Thread.sleep(300);
        timings.mark("sleeping");
        StringWriter line = new StringWriter();
        timings.print(new PrintWriter(line, true));

        Matcher m = Pattern.compile("caldera: timings: JVM start to command (\\d+) ms, sleeping (\\d+) ms, total (\\d+)"
                + " ms\\R").matcher(line.toString());
        assertThat(m.matches()).as(line.toString()).isTrue();
        assertThat(Long.parseLong(m.group(1))).isBetween(before - 2, after + 2);
        assertThat(Long.parseLong(m.group(2))).isBetween(300L, 2_000L);
        assertThat(Long.parseLong(m.group(3))).isGreaterThanOrEqualTo(after + 300);
    }

    @Test
    void offPrintsNothing() {
        StringWriter line = new StringWriter();
        Timings timings = new Timings(false);
        timings.mark("anything");
        timings.print(new PrintWriter(line, true));
        assertThat(line.toString()).isEmpty();
    }
}
