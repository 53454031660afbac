package dev.caldera.k8s.testing;

import dev.caldera.k8s.cli.Main;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** One in-process run of the {@code caldera} command line: its exit status and what it printed. */
public record CliRun(int status, String out, String err) {
    public static CliRun of(String... args) {
        return withStdin("", args);
    }

    public static CliRun withStdin(String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        InputStream in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
        int status = Main.run(args, new PrintWriter(out), new PrintWriter(err), in);
        return new CliRun(status, out.toString(), err.toString());
    }

    @Override
    public String toString() {
        return "exit " + status + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
}
