package dev.caldera.k8s.cli;

import dev.caldera.k8s.simulate.Simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * {@code simulate}'s configuration and scheduler ({@link Simulation}), made on a thread of its own while the
 * command's thread reads the manifests, which need neither. The outcome is the one of making it first: {@link
 * #join} gives its warnings to the caller's sink in their order and then throws what the making threw, and the
 * command joins before it delivers the first object read, before it reports a reading error and before it uses
 * the simulation, so the configuration's warnings and error come before anything the manifests cause, as when
 * the configuration was read before them.
 * <p>
 * Made first, it kept the command's thread 30-39 ms (quiet, 5,000-node dump) before reading, of which 10-20 ms
 * waiting for the warm-up thread to initialize logging (the kernel's configuration classes get a logger).
 * <p>
 * Threading: made and joined on the command's thread; the set-up's thread writes the fields, read after the join.
 */
final class SimulationSetUp implements AutoCloseable {
    private final List<String> warnings = new ArrayList<>();
    private final Thread thread;
    private Simulation simulation;
    private Throwable failure;
    private boolean joined;

    /** Starts making the simulation with {@code make}, given a sink for the configuration's warnings. */
    SimulationSetUp(Function<Consumer<String>, Simulation> make) {
        thread = new Thread(() -> {
            try {
                simulation = make.apply(warnings::add);
            } catch (RuntimeException | Error e) {
                failure = e;
            }
        }, "caldera-configuration");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * The simulation, once made; the first call gives the warnings to {@code sink}. Throws what making it threw
     * (every call).
     */
    Simulation join(Consumer<String> sink) {
        if (!joined) {
            joined = true;
            boolean interrupted = false;
            while (true) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            warnings.forEach(sink);
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        return simulation;
    }

    /** Closes the simulation if it was made (waits for the set-up first). */
    @Override
    public void close() {
        if (!joined) {
            try {
                join(w -> { });
            } catch (RuntimeException | Error e) {
                return;
            }
        }
        if (simulation != null) {
            simulation.close();
        }
    }
}
