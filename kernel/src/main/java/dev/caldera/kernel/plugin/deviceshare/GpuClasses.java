package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.framework.Classes;
import dev.caldera.kernel.framework.Profiles;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.placement.PlacementSpec;

import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;

import java.util.Arrays;

/**
 * What each task class asks of GPU devices, decoded once per session from its request vector (the class is
 * the selectors' unit, so every task of a class asks the same): {@code share[class]} units of one device
 * ({@code volcano.sh/gpu-memory}, in the resource's canonical milli units), or {@code whole[class]} idle
 * devices ({@code volcano.sh/gpu-number}), or neither. A class asking for both is refused by the predicate
 * ({@link #conflicting}). {@code cpu[class]} is the cpu request with kube's non-zero default (100m) and
 * {@code hash[class]} a digest of the request and placement profile, the class's part of the random policy's draws
 * and of the score memo's keys. It digests content, not ids: each requested resource by its name and amount (a
 * dimension's index depends on the order resources were first seen) and the profile by its spec's text (a profile
 * id depends on which specs were interned and freed before), so the same trace and seed draw the same values
 * whatever the cache held before.
 * <p>
 * Threading: {@link #refresh} on the scheduling thread at session open; reads from filter workers.
 * Cost: O(classes) per refresh after a class was made or a profile id given or freed (else O(1)), plus O(dims) for
 * each class id not decoded yet (a new class, or an id given to another class) and the text of each profile not
 * digested yet (it allocates then).
 */
final class GpuClasses {
    static final long DEFAULT_CPU_MILLI = 100;
    /** Spec values whose digest {@link #digestOf} keeps at most (a live scheduler may meet ever new ones). */
    private static final int MAX_KEPT_SPECS = 4096;
    private static final long NO_DIGEST = Long.MIN_VALUE;
    /** The digest of a freed profile id's spec, the text "null" (what {@code String.valueOf} gives it). */
    private static final long FREED_PROFILE_DIGEST = TieBreak.ofName(String.valueOf((Object) null));

    long[] share = new long[0];
    int[] whole = new int[0];
    long[] cpu = new long[0];
    long[] hash = new long[0];
    boolean[] conflicting = new boolean[0];
    /** Digests of the dimensions' names, by index, for {@link #digestDims}. */
    private long[] dimDigest = new long[0];
    private Dimensions digestDims;
    /** Each profile id's digest, valid while the id still holds {@code digestedSpec[id]} (the same object). */
    private long[] profileDigest = new long[0];
    private Object[] digestedSpec = new Object[0];
    /** Digests by spec value ({@link #digestOf}). */
    private final Object2LongOpenHashMap<PlacementSpec> digestsBySpec = new Object2LongOpenHashMap<>();

    /**
     * {@code shapeHash[class]} digests only what the policies other than {@code random} read of a class (its cpu,
     * share and whole devices): classes that differ in memory or placement rules alone score alike, so they share
     * their scores ({@link ScoreMemo}).
     */
    long[] shapeHash = new long[0];
    /** What each class id was decoded from (its request vector and profile spec, by identity), to skip it next time. */
    private Object[] decodedRequest = new Object[0];
    private Object[] decodedSpec = new Object[0];
    private Dimensions decodedDims;
    private int decodedMemoryDim = Integer.MIN_VALUE;
    private int decodedNumberDim = Integer.MIN_VALUE;
    /**
     * The classes' {@link Classes#births} and the profiles' {@link Profiles#changes} at the last refresh: while both
     * hold (and the dimensions), every class has the request and profile spec it was decoded from.
     */
    private long decodedBirths = -1;
    private long decodedProfileChanges = -1;
    /**
     * Moves whenever a refresh rewrites any class's entry (or the arrays are replaced): while it holds, with the
     * same class count, every class's {@link #hash} and {@link #shapeHash} are as at the last refresh, so the score
     * memo need not look its columns up again ({@code ScoreMemo.open}).
     */
    long version;
    /**
     * Whether {@link #hash} is computed: only the random policy, the random tie-break and the score memo keyed by a
     * class's whole digest read it. Without a reader it stays 0, and a refresh neither digests the request by
     * dimension names nor the profile spec's text (its {@code toString}, which links the record's generated
     * method at a replay's first class with a profile). Set once, before the first {@link #refresh}.
     */
    boolean digests = true;

    GpuClasses() {
        digestsBySpec.defaultReturnValue(NO_DIGEST);
    }

    void refresh(Classes classes, Dimensions dims, Profiles<PlacementSpec> profiles, int memoryDim,
                 int numberDim) {
        int n = classes.size();
        if (classes.births() == decodedBirths && profiles.changes() == decodedProfileChanges
                && memoryDim == decodedMemoryDim && numberDim == decodedNumberDim && dims == decodedDims) {
            return; // the loop below would find every class as it decoded it
        }
        decodedBirths = classes.births();
        decodedProfileChanges = profiles.changes();
        if (share.length < n) {
            int cap = Math.max(n, share.length * 2);
            share = Arrays.copyOf(share, cap);
            whole = Arrays.copyOf(whole, cap);
            cpu = Arrays.copyOf(cpu, cap);
            hash = Arrays.copyOf(hash, cap);
            shapeHash = Arrays.copyOf(shapeHash, cap);
            conflicting = Arrays.copyOf(conflicting, cap);
            decodedRequest = Arrays.copyOf(decodedRequest, cap);
            decodedSpec = Arrays.copyOf(decodedSpec, cap);
            version++;
        }
        if (memoryDim != decodedMemoryDim || numberDim != decodedNumberDim || dims != decodedDims) {
            Arrays.fill(decodedRequest, null);
            decodedDims = dims;
            decodedMemoryDim = memoryDim;
            decodedNumberDim = numberDim;
        }
        for (int c = 0; c < n; c++) {
            Request request = classes.request(c);
            if (request == null) {
                continue;
            }
            PlacementSpec spec = profiles.spec(classes.profile(c));
            if (decodedRequest[c] == request && decodedSpec[c] == spec) {
                continue; // the same class as at the last refresh: a class's request view is its vector's own
            }
            decodedRequest[c] = request;
            decodedSpec[c] = spec;
            version++;
            long units = memoryDim < 0 ? 0 : request.at(memoryDim);
            long number = numberDim < 0 ? 0 : request.at(numberDim);
            share[c] = units;
            whole[c] = (int) Math.min(GpuNodes.MAX_DEVICES + 1L, (number + 999) / 1000);
            conflicting[c] = units > 0 && number > 0;
            long cpuMilli = request.at(Dimensions.CPU);
            cpu[c] = cpuMilli == 0 ? DEFAULT_CPU_MILLI : cpuMilli;
            hash[c] = digests
                    ? TieBreak.mix(requestDigest(request, dims) * 31L + profileDigest(profiles, classes.profile(c)))
                    : 0;
            shapeHash[c] = TieBreak.mix((cpu[c] * 0x9e3779b97f4a7c15L + share[c]) * 0x632be59bd9b4e019L + whole[c]);
        }
    }

    /** A digest of the amounts requested, each with its dimension's name, independent of the dimensions' order. */
    private long requestDigest(Request request, Dimensions dims) {
        if (digestDims != dims || dimDigest.length < dims.count()) {
            int known = digestDims == dims ? dimDigest.length : 0;
            dimDigest = Arrays.copyOf(dimDigest, dims.count());
            for (int d = known; d < dims.count(); d++) {
                dimDigest[d] = TieBreak.ofName(dims.name(d));
            }
            digestDims = dims;
        }
        long h = 0;
        for (int d = 0; d < request.length(); d++) {
            long r = request.get(d);
            if (r != 0) {
                h += TieBreak.mix(dimDigest[d] + r * 0x9e3779b97f4a7c15L);
            }
        }
        return h;
    }

    /**
     * A digest of the profile's spec (its text: records of strings, numbers, enum names, lists and a sorted map), kept
     * per id while the id holds the same spec object, and per spec value in {@link #digestsBySpec}: as pods come and
     * go an id is freed and given to other specs, each another pod's object, but the values recur (equal specs have
     * the same text, so the same digest). A freed id (read for a class no task holds any more) digests "null".
     */
    private long profileDigest(Profiles<PlacementSpec> profiles, int id) {
        PlacementSpec spec = profiles.spec(id);
        if (spec == null) {
            return FREED_PROFILE_DIGEST;
        }
        if (id >= digestedSpec.length) {
            int cap = Math.max(id + 1, digestedSpec.length * 2);
            digestedSpec = Arrays.copyOf(digestedSpec, cap);
            profileDigest = Arrays.copyOf(profileDigest, cap);
        }
        if (digestedSpec[id] != spec) {
            digestedSpec[id] = spec;
            profileDigest[id] = digestOf(spec);
        }
        return profileDigest[id];
    }

    /** The digest of the spec's text, kept by value (forgotten when {@link #MAX_KEPT_SPECS} values are kept). */
    private long digestOf(PlacementSpec spec) {
        long kept = digestsBySpec.getLong(spec);
        if (kept != NO_DIGEST || digestsBySpec.containsKey(spec)) {
            return kept;
        }
        if (digestsBySpec.size() >= MAX_KEPT_SPECS) {
            digestsBySpec.clear();
        }
        long digest = TieBreak.ofName(String.valueOf(spec));
        digestsBySpec.put(spec, digest);
        return digest;
    }

    /** True when the class asks for any GPU device. */
    boolean wantsGpu(int cls) {
        return share[cls] > 0 || whole[cls] > 0;
    }
}
