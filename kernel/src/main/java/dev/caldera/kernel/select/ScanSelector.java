package dev.caldera.kernel.select;

import dev.caldera.kernel.framework.FitErrors;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.util.Bits;

/**
 * The straightforward selector: filters and scores every live node for every task. Over node shards on
 * a {@link ShardPool} when the cluster is at least {@code parallelThreshold} nodes; each shard writes
 * its own slice of the buffers and its own fit-error histogram, and slices are merged in node order, so
 * the answer is identical for any worker count.
 * <p>
 * Threading: scheduling thread; predicates and scorers run on the pool's workers meanwhile.
 * Cost: O(nodes x (dims + predicates + scorers)) per task; no allocation once the buffers fit the cluster.
 */
public final class ScanSelector implements NodeSelector {
    private final Session session;
    private final PluginChain plugins;
    private final ShardPool pool;
    private final int parallelThreshold;
    private final FitErrors errors = new FitErrors();
    private final ShardPool.Job filterJob = this::filterShard;

    private FitErrors[] shardErrors = new FitErrors[0];
    private int[] idleNodes = new int[0];
    private int[] futureNodes = new int[0];
    private double[] idleScores = new double[0];
    private double[] scores = new double[0];
    private int[] shardIdle = new int[0];
    private int[] shardFuture = new int[0];
    private int idleCount;
    private int futureCount;
    private int currentTask;
    private boolean fitsIdle;

    /** A selector that always filters on the calling thread. */
    public ScanSelector(Session session) {
        this(session, null, Integer.MAX_VALUE);
    }

    public ScanSelector(Session session, ShardPool pool, int parallelThreshold) {
        this.session = session;
        this.plugins = session.plugins();
        this.pool = pool;
        this.parallelThreshold = parallelThreshold;
    }

    @Override
    public int select(int task) {
        filter(task);
        if (idleCount > 0) {
            fitsIdle = true;
            return choose(task, idleNodes, idleScores, idleCount);
        }
        if (futureCount > 0) {
            fitsIdle = false;
            for (int i = 0; i < futureCount; i++) {
                scores[i] = plugins.score(task, futureNodes[i]);
            }
            return choose(task, futureNodes, scores, futureCount);
        }
        return -1;
    }

    @Override
    public boolean fitsIdle() {
        return fitsIdle;
    }

    @Override
    public FitErrors errors() {
        return errors;
    }

    /** Nodes where the last task fits idle resources, scored (for tests). */
    public int idleCount() {
        return idleCount;
    }

    private int choose(int task, int[] nodes, double[] nodeScores, int count) {
        if (count == 1) {
            return nodes[0];
        }
        if (plugins.hasBatchScorers()) {
            plugins.batchScore(task, nodes, count, nodeScores);
        }
        int best = plugins.bestNode(task, nodes, nodeScores, count);
        return best >= 0 ? best : BestScore.pick(nodes, nodeScores, count, session.nodeTable());
    }

    private void filter(int task) {
        int n = session.nodeCount();
        ensureBuffers(n);
        currentTask = task;
        boolean parallel = pool != null && pool.shards() > 1 && n >= parallelThreshold;
        int shards = parallel ? pool.shards() : 1;
        plugins.beforeNodes(task);
        if (parallel) {
            pool.run(filterJob);
        } else {
            filterShard(0, 1);
        }
        merge(shards, n);
    }

    /** Filters nodes {@code [from, to)} of shard {@code shard} into that shard's slice of the buffers. */
    private void filterShard(int shard, int shards) {
        int n = session.nodeCount();
        int from = (int) ((long) n * shard / shards);
        int to = (int) ((long) n * (shard + 1) / shards);
        FitErrors err = shardErrors[shard];
        err.clear(session.dims().count());
        int task = currentTask;
        long[] request = session.request(task);
        int[] nodeList = session.liveNodes();
        int idle = from;
        int future = from;
        for (int i = from; i < to; i++) {
            int node = nodeList[i];
            long shortMask = ResourceFit.shortOfFutureIdle(session, task, request, node);
            if (shortMask != 0) {
                countShortages(err, shortMask);
                continue;
            }
            int code = plugins.predicate(task, node);
            if (code != FitReason.OK) {
                err.count(code);
                continue;
            }
            if (ResourceFit.fitsIdle(session, task, request, node)) {
                idleScores[idle] = plugins.score(task, node);
                idleNodes[idle++] = node;
            } else {
                futureNodes[future++] = node;
            }
        }
        shardIdle[shard] = idle - from;
        shardFuture[shard] = future - from;
    }

    private static void countShortages(FitErrors err, long mask) {
        long m = mask;
        while (m != 0) {
            int d = Bits.lowest(m);
            err.count(FitReason.insufficient(d));
            m &= m - 1;
        }
    }

    private void merge(int shards, int n) {
        errors.clear(session.dims().count());
        errors.nodes(n);
        idleCount = 0;
        futureCount = 0;
        for (int s = 0; s < shards; s++) {
            int from = (int) ((long) n * s / shards);
            errors.merge(shardErrors[s]);
            if (from != idleCount) {
                System.arraycopy(idleNodes, from, idleNodes, idleCount, shardIdle[s]);
                System.arraycopy(idleScores, from, idleScores, idleCount, shardIdle[s]);
            }
            if (from != futureCount) {
                System.arraycopy(futureNodes, from, futureNodes, futureCount, shardFuture[s]);
            }
            idleCount += shardIdle[s];
            futureCount += shardFuture[s];
        }
    }

    private void ensureBuffers(int n) {
        int shards = pool == null ? 1 : pool.shards();
        if (shardErrors.length < shards) {
            shardErrors = new FitErrors[shards];
            for (int s = 0; s < shards; s++) {
                shardErrors[s] = new FitErrors();
            }
            shardIdle = new int[shards];
            shardFuture = new int[shards];
        }
        if (idleNodes.length < n) {
            idleNodes = new int[n];
            futureNodes = new int[n];
            idleScores = new double[n];
            scores = new double[n];
        }
    }
}
