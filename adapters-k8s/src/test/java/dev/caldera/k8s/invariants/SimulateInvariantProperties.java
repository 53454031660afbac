package dev.caldera.k8s.invariants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.testing.CliRun;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Scheduling invariants checked from outside the kernel (issue 11): thousands of small random clusters
 * ({@link RandomWorld}) go through {@code caldera simulate --cycles 3 --output json} in process, under Volcano's
 * default tiers with the actions of allocate only, preempt, reclaim or both; {@link OutsideLedger} recounts node
 * usage, queue usage and gang counts from the manifests' quantities and the printed decisions alone, cycle by
 * cycle. A run that breaks a rule fails with the broken rules and the manifests to reproduce it.
 */
class SimulateInvariantProperties {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TIERS = """
            tiers:
            - plugins: [{name: priority}, {name: gang}, {name: conformance}]
            - plugins: [{name: overcommit}, {name: drf}, {name: predicates}, {name: proportion}, {name: nodeorder}]
            """;
    private static final String[] ACTIONS = {
        "enqueue, allocate, backfill", "enqueue, allocate, preempt", "enqueue, allocate, reclaim",
        "enqueue, allocate, preempt, reclaim, backfill"
    };
    private static final Path[] CONFS = writeConfs();

    @Property(tries = 2000)
    void nodeQueueAndGangCountsHoldOverSeveralCycles(@ForAll @LongRange(min = 0, max = 1_000_000_000) long seed) {
        RandomWorld world = RandomWorld.generate(seed);
        int conf = (int) (seed % ACTIONS.length);
        CliRun run = CliRun.withStdin(world.yaml(), "simulate", "--conf", CONFS[conf].toString(), "--cycles", "3",
                "--output", "json", "-");
        assertThat(run.status()).as(run.toString()).isZero();
        OutsideLedger ledger = new OutsideLedger(world, true);
        List<String> broken = new ArrayList<>();
        int evictions = 0;
        for (JsonNode cycle : read(run.out()).path("cycles")) {
            for (String rule : ledger.check(cycle)) {
                broken.add("cycle " + cycle.path("cycle").asInt() + ": " + rule);
            }
            evictions += cycle.path("evictions").size();
        }
        assertThat(broken).as("actions %s, manifests:%n%s", ACTIONS[conf], world.yaml()).isEmpty();
        Statistics.label("actions").collect(ACTIONS[conf]);
        Statistics.label("evictions").collect(evictions > 0);
        Statistics.label("evictions").coverage(c -> c.check(true).percentage(p -> p >= 10));
    }

    private static JsonNode read(String out) {
        try {
            return JSON.readTree(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path[] writeConfs() {
        Path[] confs = new Path[ACTIONS.length];
        try {
            for (int i = 0; i < ACTIONS.length; i++) {
                confs[i] = Files.createTempFile("invariants-" + i + "-", ".conf");
                confs[i].toFile().deleteOnExit();
                Files.writeString(confs[i], "actions: \"" + ACTIONS[i] + "\"\n" + TIERS);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return confs;
    }
}
