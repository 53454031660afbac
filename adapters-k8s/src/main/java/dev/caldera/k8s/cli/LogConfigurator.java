package dev.caldera.k8s.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.LayoutBase;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * The command line's logging, set up in code (found by logback through {@code META-INF/services}): warnings and
 * errors only, one readable line each on standard error ({@code caldera: WARN: ...}), never a stack trace;
 * fabric8's warning about every Volcano v1beta1 resource silenced. Done in code rather than in logback.xml so that
 * starting a run does not load logback's XML configurator (about 300 classes).
 */
public final class LogConfigurator extends ContextAwareBase implements Configurator {
    @Override
    public ExecutionStatus configure(LoggerContext context) {
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        OneLine layout = new OneLine();
        layout.setContext(context);
        layout.start();
        encoder.setLayout(layout);
        encoder.start();
        stderr.setEncoder(encoder);
        stderr.start();
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(stderr);
        context.getLogger("io.fabric8.kubernetes.client.dsl.internal.VersionUsageUtils").setLevel(Level.ERROR);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** {@code caldera: LEVEL: message}, with an exception's message (not its stack trace) when there is one. */
    static final class OneLine extends LayoutBase<ILoggingEvent> {
        @Override
        public String doLayout(ILoggingEvent event) {
            StringBuilder sb = new StringBuilder("caldera: ").append(event.getLevel()).append(": ")
                    .append(event.getFormattedMessage());
            if (event.getThrowableProxy() != null && event.getThrowableProxy().getMessage() != null) {
                sb.append(" (").append(event.getThrowableProxy().getMessage()).append(')');
            }
            return sb.append('\n').toString();
        }
    }
}
