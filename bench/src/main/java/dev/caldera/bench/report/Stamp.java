package dev.caldera.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Where figures come from: JVM, machine, date and the command that produced them. */
public record Stamp(String jvm, String machine, String date, String command) {

    public List<String> lines() {
        return List.of("JVM: " + jvm + "   machine: " + machine, "date: " + date + "   command: " + command);
    }

    public String markdown() {
        return "- JVM: " + jvm + "\n- machine: " + machine + "\n- date: " + date + "\n- command: `" + command + "`\n";
    }

    /** The CPU model from /proc/cpuinfo and the processor count this JVM sees. */
    public static String thisMachine() {
        String model = "unknown CPU";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    model = line.substring(line.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            model = System.getProperty("os.arch") + " (no /proc/cpuinfo)";
        }
        return model + ", " + Runtime.getRuntime().availableProcessors() + " CPUs";
    }
}
