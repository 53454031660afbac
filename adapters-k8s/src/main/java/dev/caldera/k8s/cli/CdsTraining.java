package dev.caldera.k8s.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The build's class-data sharing training run (adapters-k8s/pom.xml, {@code cds-class-list}): runs several
 * commands one after the other in one JVM, so that {@code -XX:DumpLoadedClassList} lists the classes of every one
 * of them and the archive bin/caldera maps serves each (a simulate and a replay: each loads hundreds of classes
 * the other does not). Commands are separated by {@code --then}; a command that fails fails the training, and with
 * it the build, so the archive never silently misses a command's classes. Not a user command.
 * <p>
 * Threading: the main thread, one command at a time.
 */
public final class CdsTraining {
    static final String THEN = "--then";

    private CdsTraining() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        for (String[] command : commands(args)) {
            warmUp(command);
            int status = Main.run(command, out, err, System.in);
            if (status != Main.OK) {
                err.println("caldera CDS training: '" + String.join(" ", command) + "' exited with " + status);
                System.exit(status);
            }
        }
        System.exit(Main.OK);
    }

    /**
     * The warm-up {@link Main#main} starts for {@code command}, run to its end: its classes, lambdas and method
     * handles are then listed too, as bin/caldera's runs load them (a cold simulate of the 5,000-node dump took 105
     * classes from the jar or spun them at run time rather than from the archive before, 65 after, with the text
     * report's run the build's training added). Returns whether there was one.
     */
    static boolean warmUp(String[] command) {
        Thread warmUp = SimulateWarmUp.startFor(command);
        if (warmUp == null) {
            return false;
        }
        try {
            warmUp.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return true;
    }

    /** The commands {@code args} hold, split at each {@code --then}; empty commands are left out. */
    static List<String[]> commands(String[] args) {
        List<String[]> commands = new ArrayList<>();
        int from = 0;
        for (int i = 0; i <= args.length; i++) {
            if (i == args.length || THEN.equals(args[i])) {
                if (i > from) {
                    commands.add(Arrays.copyOfRange(args, from, i));
                }
                from = i + 1;
            }
        }
        return commands;
    }
}
