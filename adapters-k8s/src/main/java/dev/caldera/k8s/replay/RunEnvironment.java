package dev.caldera.k8s.replay;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The JVM and machine a run happened on, for stamping results. */
public final class RunEnvironment {
    private RunEnvironment() {
    }

    /** "OpenJDK 64-Bit Server VM 17.0.x" style. */
    public static String jvm() {
        return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version", "");
    }

    /**
     * Milliseconds since the JVM started (its uptime; the java launcher's few milliseconds before the JVM's
     * creation are not in it).
     */
    public static long uptimeMs() {
        return ManagementFactory.getRuntimeMXBean().getUptime();
    }

    /** The CPU model and the processors the JVM sees. */
    public static String machine() {
        String cpu = System.getProperty("os.arch");
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
            for (String line : lines) {
                if (line.startsWith("model name")) {
                    cpu = line.substring(line.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the architecture is all we say
        }
        return cpu + ", " + Runtime.getRuntime().availableProcessors() + " vCPU";
    }
}
