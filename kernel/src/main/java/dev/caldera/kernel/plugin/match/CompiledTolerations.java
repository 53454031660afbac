package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.placement.Toleration;

import java.util.List;

/**
 * A pod's tolerations in int form, with kube's ToleratesTaint rule: the effect must match unless the
 * toleration names none, the key must match unless the toleration's key is empty, then operator Exists
 * tolerates any value and Equal needs the same value.
 * <p>
 * Threading: immutable after {@link #compile}; checks are pure reads. Cost: O(taints x tolerations), no
 * allocation.
 */
public final class CompiledTolerations {
    /** Tolerates nothing. */
    public static final CompiledTolerations NONE = new CompiledTolerations(0);

    private static final byte ANY_EFFECT = -1;
    private static final byte NO_SCHEDULE = (byte) TaintEffect.NO_SCHEDULE.ordinal();
    private static final byte NO_EXECUTE = (byte) TaintEffect.NO_EXECUTE.ordinal();
    private static final byte PREFER_NO_SCHEDULE = (byte) TaintEffect.PREFER_NO_SCHEDULE.ordinal();

    private final int[] keys;
    private final boolean[] exists;
    private final int[] values;
    private final byte[] effects;

    private CompiledTolerations(int n) {
        keys = new int[n];
        exists = new boolean[n];
        values = new int[n];
        effects = new byte[n];
    }

    public static CompiledTolerations compile(List<Toleration> tolerations, Names symbols) {
        if (tolerations.isEmpty()) {
            return NONE;
        }
        CompiledTolerations c = new CompiledTolerations(tolerations.size());
        for (int i = 0; i < tolerations.size(); i++) {
            Toleration t = tolerations.get(i);
            c.keys[i] = t.key().isEmpty() ? Names.NONE : symbols.intern(t.key());
            c.exists[i] = t.exists();
            c.values[i] = symbols.intern(t.value());
            c.effects[i] = t.effect() == null ? ANY_EFFECT : (byte) t.effect().ordinal();
        }
        return c;
    }

    /** True when some toleration tolerates the taint (key, value symbols; effect ordinal). */
    public boolean tolerates(int key, int value, byte effect) {
        for (int i = 0; i < keys.length; i++) {
            if ((effects[i] == ANY_EFFECT || effects[i] == effect)
                    && (keys[i] == Names.NONE || keys[i] == key)
                    && (exists[i] || values[i] == value)) {
                return true;
            }
        }
        return false;
    }

    /** True when some NoSchedule or NoExecute taint of the node is not tolerated (kube's TaintToleration filter). */
    public boolean hasUntoleratedHardTaint(NodeTaints taints, int node) {
        for (int i = 0, n = taints.count(node); i < n; i++) {
            byte effect = taints.effect(node, i);
            if ((effect == NO_SCHEDULE || effect == NO_EXECUTE)
                    && !tolerates(taints.key(node, i), taints.value(node, i), effect)) {
                return true;
            }
        }
        return false;
    }

    /** PreferNoSchedule taints of the node that no toleration tolerates (kube's TaintToleration score). */
    public int untoleratedPreferNoSchedule(NodeTaints taints, int node) {
        int count = 0;
        for (int i = 0, n = taints.count(node); i < n; i++) {
            if (taints.effect(node, i) == PREFER_NO_SCHEDULE
                    && !tolerates(taints.key(node, i), taints.value(node, i), PREFER_NO_SCHEDULE)) {
                count++;
            }
        }
        return count;
    }
}
