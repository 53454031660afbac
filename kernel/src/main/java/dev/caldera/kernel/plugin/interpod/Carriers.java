package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.plugin.match.CompiledPodTerm;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.Arrays;

/**
 * The counted pods whose terms reach other pods ("carriers": required anti-affinity, preferred affinity or
 * anti-affinity), grouped by inter-pod profile: how many carriers of each profile are counted, and for each of
 * the profile's terms, how many of them sit in each domain of the term's key. This is what kube's
 * existingAntiAffinityCounts and the existing-pod half of the InterPodAffinity score are computed from, kept
 * current event by event instead of recomputed per pod.
 * <p>
 * {@link #version()} changes whenever a profile starts or stops having counted carriers, so callers can cache
 * per task whether any carrier's term selects it.
 * <p>
 * Threading: changes on the scheduling thread; reads are pure. Allocation: a profile's maps once, reused.
 */
final class Carriers {
    private int[] count = new int[0];
    private DomainCounts[][] anti = new DomainCounts[0][];
    private DomainCounts[][] preferredAffinity = new DomainCounts[0][];
    private DomainCounts[][] preferredAnti = new DomainCounts[0][];
    private final IntArrayList active = new IntArrayList();
    private long version;

    /** Empties every count, sized for {@code profiles} profile ids. */
    void reset(int profiles) {
        if (count.length < profiles) {
            count = Arrays.copyOf(count, profiles);
            anti = Arrays.copyOf(anti, profiles);
            preferredAffinity = Arrays.copyOf(preferredAffinity, profiles);
            preferredAnti = Arrays.copyOf(preferredAnti, profiles);
        }
        for (int i = 0; i < active.size(); i++) {
            int p = active.getInt(i);
            count[p] = 0;
            clear(anti[p]);
            clear(preferredAffinity[p]);
            clear(preferredAnti[p]);
        }
        active.clear();
        version++;
    }

    /** A carrier of {@code profile} with rules {@code r} is counted on (+1) or leaves (-1) node {@code node}. */
    void add(int profile, CompiledInterPod r, Nodes nodes, int node, int delta) {
        ensure(profile, r);
        addTerms(anti[profile], r.requiredAnti(), nodes, node, delta);
        addTerms(preferredAffinity[profile], r.preferredAffinity(), nodes, node, delta);
        addTerms(preferredAnti[profile], r.preferredAnti(), nodes, node, delta);
        int before = count[profile];
        count[profile] = before + delta;
        if (before == 0 && delta > 0) {
            active.add(profile);
            version++;
        } else if (count[profile] == 0) {
            active.rem(profile);
            version++;
        }
    }

    /** Profiles with counted carriers, in no particular order (do not modify). */
    IntArrayList active() {
        return active;
    }

    long version() {
        return version;
    }

    /** Carriers of {@code profile} whose required anti-affinity term {@code term} sits in domain {@code value}. */
    int anti(int profile, int term, int value) {
        return anti[profile][term].get(value);
    }

    int preferredAffinity(int profile, int term, int value) {
        return preferredAffinity[profile][term].get(value);
    }

    int preferredAnti(int profile, int term, int value) {
        return preferredAnti[profile][term].get(value);
    }

    private void ensure(int profile, CompiledInterPod r) {
        if (anti[profile] == null || anti[profile].length != r.requiredAnti().length
                || preferredAffinity[profile].length != r.preferredAffinity().length
                || preferredAnti[profile].length != r.preferredAnti().length) {
            anti[profile] = counts(r.requiredAnti().length);
            preferredAffinity[profile] = counts(r.preferredAffinity().length);
            preferredAnti[profile] = counts(r.preferredAnti().length);
        }
    }

    private static void addTerms(DomainCounts[] counts, CompiledPodTerm[] terms, Nodes nodes, int node,
                                 int delta) {
        for (int j = 0; j < terms.length; j++) {
            counts[j].add(nodes.label(node, terms[j].topologyKey()), delta);
        }
    }

    private static DomainCounts[] counts(int n) {
        DomainCounts[] out = new DomainCounts[n];
        for (int i = 0; i < n; i++) {
            out[i] = new DomainCounts();
        }
        return out;
    }

    private static void clear(DomainCounts[] counts) {
        if (counts != null) {
            for (DomainCounts c : counts) {
                c.clear();
            }
        }
    }
}
