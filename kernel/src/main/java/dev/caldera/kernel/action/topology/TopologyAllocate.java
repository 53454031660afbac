package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.plugin.networktopology.NetworkTopologyAwarePlugin;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import dev.caldera.kernel.session.SubJobs;
import dev.caldera.kernel.session.TopologySession;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;

/**
 * Allocate's topology-aware path (Volcano's allocate for jobs with a network topology or sub-groups): one turn of
 * such a job. A job with hard-mode topology (soft mode counts, up to the top tier) or with sub-group policies is
 * searched HyperNode by HyperNode with dry runs ({@link JobSearch}); the best attempt is replayed with
 * {@code Statement.recover} and committed only if the job is ready (a pipelined job keeps its places this
 * cycle); the job's allocated HyperNode becomes the lowest common ancestor of the old one and the new. A job
 * with a topology that resolves to no tier is placed on the whole cluster in one go (Volcano's plain branch),
 * its node scores still following its tasks' HyperNodes. A hard-mode job that finds no place gets a reason
 * saying which tier was allowed and how close the largest free HyperNode came.
 * <p>
 * Threading: scheduling thread. Allocation: a worksheet per job per action; none per task once warm.
 */
public final class TopologyAllocate {
    private final Session session;
    private final Statement finalStatement;
    private final SavedPool pool = new SavedPool();
    private final SearchReport report = new SearchReport();
    private final FlatPlacement flat;
    private final JobSearch search;
    private final Int2ObjectOpenHashMap<Worksheet> worksheets = new Int2ObjectOpenHashMap<>();
    /** Looked up once: a session's plugin chain is fixed when built (the look-up walked it at every open). */
    private final NetworkTopologyAwarePlugin plugin;

    public TopologyAllocate(Session session) {
        this.session = session;
        this.finalStatement = new Statement(session);
        this.flat = new FlatPlacement(session);
        SubJobSearch sub = new SubJobSearch(session, flat, new Statement(session), pool, report);
        this.search = new JobSearch(session, sub, new Statement(session), pool);
        this.plugin = session.plugins().plugin(NetworkTopologyAwarePlugin.class);
    }

    /** Forgets the previous action's worksheets. */
    public void open() {
        worksheets.clear();
    }

    /** Whether this path places {@code job} (it has a network topology or sub-group policies). */
    public boolean handles(int job) {
        return session.topologyState().handled(job);
    }

    /** One turn of {@code job}; true when it committed and still has tasks to place (push it back). */
    public boolean turn(int job) {
        Worksheet ws = worksheets.get(job);
        if (ws == null) {
            ws = new Worksheet(session, job, session.topologyState().subJobs(job));
            worksheets.put(job, ws);
        }
        if (ws.empty()) {
            return false;
        }
        return searched(job) ? searchTurn(job, ws) : flatTurn(job, ws);
    }

    /** Volcano: {@code job.ContainsHardTopology() || job.ContainsSubJobPolicy()}. */
    private boolean searched(int job) {
        TopologySession t = session.topologyState();
        if (t.hard(job) || !t.subJobs(job).policies().isEmpty()) {
            return true;
        }
        SubJobs sj = t.subJobs(job);
        for (int k = 0; k < sj.count(); k++) {
            if (sj.hard(k)) {
                return true;
            }
        }
        return false;
    }

    private boolean searchTurn(int job, Worksheet ws) {
        pool.releaseAll();
        report.reset();
        if (!search.search(job, ws, plugin)) {
            explain(job, ws);
            return false;
        }
        finalStatement.begin();
        finalStatement.recover(search.saved);
        SubJobs sj = session.topologyState().subJobs(job);
        System.arraycopy(search.cursors, 0, ws.pos, 0, sj.count());
        if (!session.plugins().jobReady(job)) {
            return false;
        }
        finalStatement.commit();
        TopologySession t = session.topologyState();
        t.allocated(job, t.tree().lca(t.allocated(job), search.chosen));
        for (int k = 0; k < sj.count(); k++) {
            if (search.decisions[k] >= 0) {
                sj.allocated(k, t.tree().lca(sj.allocated(k), search.decisions[k]));
            }
        }
        return !ws.empty();
    }

    private boolean flatTurn(int job, Worksheet ws) {
        finalStatement.begin();
        boolean ok = flat.run(job, 0, ws, ws.pos[0], session.topologyState().tree().root(), finalStatement);
        ws.pos[0] = flat.cursor;
        if (!ok) {
            if (flat.failedAny) {
                session.conditions().fitFailed(job, flat.lastErrors());
            }
            return false;
        }
        if (!session.plugins().jobReady(job)) {
            return false;
        }
        finalStatement.commit();
        return !ws.empty(0);
    }

    private void explain(int job, Worksheet ws) {
        TopologySession t = session.topologyState();
        if (!t.hard(job) || plugin == null || !plugin.gradientEnabled()) {
            if (flat.failedAny) {
                session.conditions().fitFailed(job, flat.lastErrors());
            }
            return;
        }
        int pods = session.jobTable().minMember(job) - session.readyCount(job);
        if (pods <= 0) {
            pods = ws.tasks[0].length - ws.pos[0];
        }
        session.conditions().topologyFailed(job, report.message(session, job, t.highestTier(job), pods,
                search.pendingSum(job), search.candidates));
    }
}
