package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.placement.LabelRequirement;
import dev.caldera.kernel.placement.LabelSelector;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A label selector in int form, with apimachinery's semantics: {@code matchLabels} pairs must be equal, In
 * needs the label with one of the values, NotIn holds when the label is absent or has none of them, Exists and
 * DoesNotExist test presence. A null selector matches nothing ({@link #NOTHING}); the empty one matches every
 * label set. Namespaces are matched as Kubernetes labels them when no Namespace object says more: with the
 * single label {@code kubernetes.io/metadata.name=<name>} ({@link #matchesNamespace}).
 * <p>
 * Threading: immutable after {@link #compile}; matching is a pure read. Cost: O(requirements x log labels), no
 * allocation.
 */
public final class CompiledLabelSelector {
    /** Matches no label set (a nil selector). */
    public static final CompiledLabelSelector NOTHING = new CompiledLabelSelector(true, 0);
    /** The label every namespace carries (set by the API server since Kubernetes 1.22). */
    public static final String NAMESPACE_NAME_LABEL = "kubernetes.io/metadata.name";

    private static final byte EQUALS = 0;
    private static final byte IN = 1;
    private static final byte NOT_IN = 2;
    private static final byte EXISTS = 3;
    private static final byte DOES_NOT_EXIST = 4;

    private final boolean nothing;
    private final int[] keys;
    private final byte[] ops;
    private final int[][] values;
    private int namespaceKey = Names.NONE;

    private CompiledLabelSelector(boolean nothing, int n) {
        this.nothing = nothing;
        keys = new int[n];
        ops = new byte[n];
        values = new int[n][];
    }

    /** Compiles {@code selector} (null: {@link #NOTHING}), interning its keys and values. */
    public static CompiledLabelSelector compile(LabelSelector selector, Names symbols) {
        if (selector == null) {
            return NOTHING;
        }
        Map<String, String> labels = selector.matchLabels();
        List<LabelRequirement> reqs = selector.matchExpressions();
        CompiledLabelSelector c = new CompiledLabelSelector(false, labels.size() + reqs.size());
        int i = 0;
        for (Map.Entry<String, String> e : labels.entrySet()) {
            c.keys[i] = symbols.intern(e.getKey());
            c.ops[i] = EQUALS;
            c.values[i++] = new int[] {symbols.intern(e.getValue())};
        }
        for (LabelRequirement r : reqs) {
            c.keys[i] = symbols.intern(r.key());
            c.ops[i] = code(r);
            int[] v = new int[r.values().size()];
            for (int k = 0; k < v.length; k++) {
                v[k] = symbols.intern(r.values().get(k));
            }
            Arrays.sort(v);
            c.values[i++] = v;
        }
        c.namespaceKey = symbols.intern(NAMESPACE_NAME_LABEL);
        return c;
    }

    /** True for the nil selector. */
    public boolean matchesNothing() {
        return nothing;
    }

    /** True for the empty selector (matches every label set). */
    public boolean matchesEverything() {
        return !nothing && keys.length == 0;
    }

    /** Whether the labels of task {@code task} match. */
    public boolean matches(Tasks tasks, int task) {
        if (nothing) {
            return false;
        }
        for (int i = 0; i < keys.length; i++) {
            if (!holds(i, tasks.label(task, keys[i]))) {
                return false;
            }
        }
        return true;
    }

    /** Whether the labels of namespace {@code nsSymbol} ({@code kubernetes.io/metadata.name=<ns>}) match. */
    public boolean matchesNamespace(int nsSymbol) {
        if (nothing) {
            return false;
        }
        for (int i = 0; i < keys.length; i++) {
            if (!holds(i, keys[i] == namespaceKey ? nsSymbol : Names.NONE)) {
                return false;
            }
        }
        return true;
    }

    /** True when some requirement reads a namespace label other than the name label (those are unknown). */
    public boolean readsOtherNamespaceLabels() {
        for (int key : keys) {
            if (key != namespaceKey) {
                return true;
            }
        }
        return false;
    }

    private boolean holds(int i, int value) {
        boolean present = value != Names.NONE;
        return switch (ops[i]) {
            case EQUALS -> present && values[i][0] == value;
            case IN -> present && Arrays.binarySearch(values[i], value) >= 0;
            case NOT_IN -> !present || Arrays.binarySearch(values[i], value) < 0;
            case EXISTS -> present;
            default -> !present;
        };
    }

    private static byte code(LabelRequirement r) {
        return switch (r.operator()) {
            case IN -> IN;
            case NOT_IN -> NOT_IN;
            case EXISTS -> EXISTS;
            case DOES_NOT_EXIST -> DOES_NOT_EXIST;
        };
    }
}
