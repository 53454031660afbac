package dev.caldera.kernel.plugin.conformance;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Vote;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.List;

/**
 * Volcano's {@code conformance} plugin: preempt and reclaim never take critical pods (priority class
 * {@code system-cluster-critical} or {@code system-node-critical}, flagged {@link Tasks#CRITICAL} by
 * the adapter) nor pods of a system namespace. Volcano protects {@code kube-system} ({@code v1.NamespaceSystem});
 * the argument {@value #SYSTEM_NAMESPACES} (a list of namespaces, Caldera's own) replaces that list.
 * <p>
 * Threading: scheduling thread. O(candidates x system namespaces), no allocation after open.
 */
public final class ConformancePlugin implements Plugin {
    public static final String NAME = "conformance";
    /** The argument naming the namespaces whose pods are never victims. */
    public static final String SYSTEM_NAMESPACES = "systemNamespaces";
    /** Volcano's: {@code v1.NamespaceSystem}. */
    public static final List<String> DEFAULT_SYSTEM_NAMESPACES = List.of("kube-system");

    private final List<String> systemNamespaces;
    private int[] systemSymbols = new int[0];
    private SessionView session;

    public ConformancePlugin() {
        this(Arguments.NONE);
    }

    public ConformancePlugin(Arguments arguments) {
        this.systemNamespaces = arguments.getStrings(SYSTEM_NAMESPACES, DEFAULT_SYSTEM_NAMESPACES);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        ext.preemptable(this::victims);
        ext.reclaimable(this::victims);
    }

    @Override
    public void open(SessionView s) {
        session = s;
        if (systemSymbols.length != systemNamespaces.size()) {
            systemSymbols = new int[systemNamespaces.size()];
        }
        for (int i = 0; i < systemSymbols.length; i++) {
            systemSymbols[i] = s.symbols().find(systemNamespaces.get(i));
        }
    }

    int victims(int evictor, IntArrayList candidates, IntArrayList victims) {
        for (int i = 0; i < candidates.size(); i++) {
            int v = candidates.getInt(i);
            if (!session.tasks().has(v, Tasks.CRITICAL) && !inSystemNamespace(v)) {
                victims.add(v);
            }
        }
        return Vote.PERMIT;
    }

    private boolean inSystemNamespace(int task) {
        int ns = session.tasks().namespace(task);
        for (int system : systemSymbols) {
            if (system == ns && ns != Names.NONE) {
                return true;
            }
        }
        return false;
    }
}
