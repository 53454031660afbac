package dev.caldera.k8s.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/** Quiet by default (warnings and errors only, see logback.xml); {@code --verbose} turns on debug logging. */
final class Logging {
    private Logging() {
    }

    static void configure(boolean verbose) {
        if (verbose && LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME) instanceof Logger root) {
            root.setLevel(Level.DEBUG);
        }
    }
}
