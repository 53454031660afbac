package dev.caldera.k8s.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code caldera}: the top-level command; its work is done by the subcommands {@link Main} adds. */
@Command(name = "caldera", mixinStandardHelpOptions = true, versionProvider = CalderaCommand.Version.class,
        description = "A Volcano-compatible batch scheduler for the JVM.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:done", "1:internal error", "2:bad input or usage"})
public final class CalderaCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return Main.BAD_INPUT;
    }

    /** The jar's Implementation-Version, or "development build". */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = CalderaCommand.class.getPackage().getImplementationVersion();
            return new String[] {"caldera " + (v == null ? "(development build)" : v)};
        }
    }
}
