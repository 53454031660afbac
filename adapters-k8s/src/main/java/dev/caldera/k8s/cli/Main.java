package dev.caldera.k8s.cli;

import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.kernel.conf.ConfException;
import picocli.CommandLine;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * The {@code caldera} command line. Exit status: 0 done, 1 internal error (a bug: say so and how to see the
 * stack trace), 2 bad input or usage (one line saying which file, object and field, and why).
 */
public final class Main {
    public static final int OK = 0;
    public static final int INTERNAL_ERROR = 1;
    public static final int BAD_INPUT = 2;
    /**
     * The types whose built-in picocli converters are not registered ({@code picocli.converters.excludes}): no
     * option has one, and picocli registers each by reflection, {@code Class.forName}, which initializes the class
     * ({@code MonthDay} and {@code Period} build date-time formatters); about 4 ms of every start.
     * {@code MainTest} checks that no option's type is excluded.
     */
    static final String UNUSED_CONVERTERS = "java\\.time\\..*,java\\.sql\\..*";

    private Main() {
    }

    public static void main(String[] args) {
        if (!"off".equals(System.getProperty("caldera.warmup"))) {
            SimulateWarmUp.startFor(args);
        }
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(
                new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), 1 << 16));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int status = run(args, out, err, System.in);
        out.flush();
        err.flush();
        System.exit(status);
    }

    /** Runs one command; everything it prints goes to {@code out} and {@code err}. */
    public static int run(String[] args, PrintWriter out, PrintWriter err, InputStream in) {
        CommandLine cmd = commandLine(args.length == 0 ? "" : args[0], in);
        cmd.setOut(out);
        cmd.setErr(err);
        cmd.setExecutionExceptionHandler((e, line, parse) -> handle(e, err, verbose(parse)));
        int status;
        try {
            status = cmd.execute(args);
        } catch (OutOfMemoryError e) {
            status = outOfMemory(err);
        } catch (StackOverflowError e) {
            err.println("caldera: internal error: the input is nested too deeply to process (stack overflow)");
            status = INTERNAL_ERROR;
        }
        out.flush();
        err.flush();
        return status;
    }

    /** The command line with the one command {@code first} names, or with all of them when it names none. */
    static CommandLine commandLine(String first, InputStream in) {
        if (System.getProperty("picocli.converters.excludes") == null) {
            System.setProperty("picocli.converters.excludes", UNUSED_CONVERTERS);
        }
        CommandLine cmd = new CommandLine(new CalderaCommand());
        // picocli builds every registered command's model by reflection: a run names one, so build only that
        boolean all = !first.equals("simulate") && !first.equals("generate") && !first.equals("run")
                && !first.equals("replay");
        if (all || first.equals("simulate")) {
            cmd.addSubcommand("simulate", new SimulateCommand(in));
        }
        if (all || first.equals("generate")) {
            cmd.addSubcommand("generate", new GenerateCommand());
        }
        if (all || first.equals("run")) {
            cmd.addSubcommand("run", new RunCommand(in));
        }
        if (all || first.equals("replay")) {
            cmd.addSubcommand("replay", new ReplayCommand());
        }
        if (all) {
            cmd.addSubcommand("help", new CommandLine.HelpCommand());
        }
        return cmd;
    }

    /** Out of memory anywhere: one line saying what to do, never a stack trace. */
    static int outOfMemory(PrintWriter err) {
        long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
        err.println("caldera: out of memory: the input needs more than the JVM's " + maxMiB + " MiB of heap (give"
                + " java more with -Xmx, or split the input)");
        return INTERNAL_ERROR;
    }

    private static boolean verbose(CommandLine.ParseResult parse) {
        CommandLine.ParseResult sub = parse;
        while (sub.subcommand() != null) {
            sub = sub.subcommand();
        }
        return sub.hasMatchedOption("--verbose");
    }

    static int handle(Exception e, PrintWriter err, boolean verbose) {
        if (e instanceof ManifestException || e instanceof ConfException) {
            err.println("caldera: " + e.getMessage());
            if (verbose) {
                e.printStackTrace(err);
            }
            return BAD_INPUT;
        }
        err.println("caldera: internal error: " + e + (verbose ? "" : " (run again with --verbose for details)"));
        if (verbose) {
            e.printStackTrace(err);
        }
        return INTERNAL_ERROR;
    }
}
