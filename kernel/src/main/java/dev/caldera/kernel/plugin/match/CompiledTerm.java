package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;

import java.util.Arrays;
import java.util.List;

/**
 * One node selector term in int form: label requirements compare interned symbols, Gt/Lt compare parsed
 * numbers, field requirements compare the node name. All label and field requirements must hold.
 * <p>
 * Kubernetes semantics (component-helpers nodeaffinity, as vendored by Volcano v1.7): In needs the label
 * with one of the values; NotIn holds when the label is absent or has none of them; Gt/Lt need the label
 * and an integer value beyond the bound. A term that fails to parse (In/NotIn without values, Exists or
 * DoesNotExist with values, Gt/Lt without exactly one integer, a field operator other than In/NotIn or
 * without exactly one value) matches no node, as kube's lazy-error selector reports such a term as an
 * error. Label key and value syntax is not re-validated: the API server rejects bad ones.
 * <p>
 * Threading: immutable after {@link #compile}; {@link #matches} is a pure read. Cost: O(requirements x
 * log labels), no allocation.
 */
public final class CompiledTerm {
    /** Field key Kubernetes supports in matchFields. */
    public static final String NODE_NAME_FIELD = "metadata.name";

    private static final byte IN = 0;
    private static final byte NOT_IN = 1;
    private static final byte EXISTS = 2;
    private static final byte DOES_NOT_EXIST = 3;
    private static final byte GT = 4;
    private static final byte LT = 5;

    private final boolean valid;
    private final int[] keys;
    private final byte[] ops;
    private final int[][] values;
    private final long[] bounds;
    private final boolean[] fieldIn;
    private final String[] fieldKeys;
    private final String[] fieldValues;

    private CompiledTerm(boolean valid, int labelCount, int fieldCount) {
        this.valid = valid;
        keys = new int[labelCount];
        ops = new byte[labelCount];
        values = new int[labelCount][];
        bounds = new long[labelCount];
        fieldIn = new boolean[fieldCount];
        fieldKeys = new String[fieldCount];
        fieldValues = new String[fieldCount];
    }

    /** Compiles {@code term}, interning its keys and values. */
    public static CompiledTerm compile(SelectorTerm term, Names symbols) {
        List<SelectorRequirement> labels = term.labelExpressions();
        List<SelectorRequirement> fields = term.fieldExpressions();
        boolean valid = allValid(labels, fields);
        CompiledTerm c = new CompiledTerm(valid, valid ? labels.size() : 0, valid ? fields.size() : 0);
        if (valid) {
            c.fill(labels, fields, symbols);
        }
        return c;
    }

    /** False when the term failed to parse and so matches nothing. */
    public boolean valid() {
        return valid;
    }

    /** True when node row {@code node} satisfies every requirement. */
    public boolean matches(Nodes nodes, int node, LabelNumbers numbers) {
        if (!valid) {
            return false;
        }
        for (int i = 0; i < keys.length; i++) {
            if (!labelHolds(i, nodes.label(node, keys[i]), numbers)) {
                return false;
            }
        }
        for (int i = 0; i < fieldKeys.length; i++) {
            String actual = NODE_NAME_FIELD.equals(fieldKeys[i]) ? nodes.name(node) : "";
            if (fieldValues[i].equals(actual) != fieldIn[i]) {
                return false;
            }
        }
        return true;
    }

    private boolean labelHolds(int i, int value, LabelNumbers numbers) {
        boolean present = value != Names.NONE;
        return switch (ops[i]) {
            case IN -> present && Arrays.binarySearch(values[i], value) >= 0;
            case NOT_IN -> !present || Arrays.binarySearch(values[i], value) < 0;
            case EXISTS -> present;
            case DOES_NOT_EXIST -> !present;
            case GT -> present && numbers.isNumber(value) && numbers.value(value) > bounds[i];
            default -> present && numbers.isNumber(value) && numbers.value(value) < bounds[i];
        };
    }

    private void fill(List<SelectorRequirement> labels, List<SelectorRequirement> fields, Names symbols) {
        for (int i = 0; i < labels.size(); i++) {
            SelectorRequirement r = labels.get(i);
            keys[i] = symbols.intern(r.key());
            ops[i] = code(r.operator());
            int[] v = new int[r.values().size()];
            for (int k = 0; k < v.length; k++) {
                v[k] = symbols.intern(r.values().get(k));
            }
            Arrays.sort(v);
            values[i] = v;
            bounds[i] = ops[i] == GT || ops[i] == LT ? Long.parseLong(r.values().get(0)) : 0;
        }
        for (int i = 0; i < fields.size(); i++) {
            SelectorRequirement r = fields.get(i);
            fieldIn[i] = r.operator() == SelectorOperator.IN;
            fieldKeys[i] = r.key();
            fieldValues[i] = r.values().get(0);
        }
    }

    private static boolean allValid(List<SelectorRequirement> labels, List<SelectorRequirement> fields) {
        for (SelectorRequirement r : labels) {
            if (!validLabel(r)) {
                return false;
            }
        }
        for (SelectorRequirement r : fields) {
            boolean op = r.operator() == SelectorOperator.IN || r.operator() == SelectorOperator.NOT_IN;
            if (!op || r.values().size() != 1) {
                return false;
            }
        }
        return true;
    }

    private static boolean validLabel(SelectorRequirement r) {
        int n = r.values().size();
        return switch (r.operator()) {
            case IN, NOT_IN -> n > 0;
            case EXISTS, DOES_NOT_EXIST -> n == 0;
            case GT, LT -> n == 1 && LabelNumbers.isInt64(r.values().get(0));
        };
    }

    private static byte code(SelectorOperator op) {
        return switch (op) {
            case IN -> IN;
            case NOT_IN -> NOT_IN;
            case EXISTS -> EXISTS;
            case DOES_NOT_EXIST -> DOES_NOT_EXIST;
            case GT -> GT;
            case LT -> LT;
        };
    }
}
