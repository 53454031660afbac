package dev.caldera.kernel.placement;

import java.util.regex.Pattern;

/**
 * Kubernetes' syntax rules for label keys and values (apimachinery's IsQualifiedName and IsValidLabelValue),
 * which the API server applies to label selectors and topology keys. A spec that breaks them could never
 * reach a scheduler, so the spec records refuse it with the rule it broke.
 */
public final class LabelSyntax {
    private static final Pattern NAME = Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
    private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final int NAME_MAX = 63;
    private static final int PREFIX_MAX = 253;

    private LabelSyntax() {
    }

    /** Null when {@code key} is a valid qualified name ({@code [prefix/]name}), else why not. */
    public static String keyProblem(String key) {
        if (key == null || key.isEmpty()) {
            return "must not be empty";
        }
        int slash = key.indexOf('/');
        String name = slash < 0 ? key : key.substring(slash + 1);
        if (slash >= 0) {
            String prefix = key.substring(0, slash);
            if (prefix.isEmpty() || prefix.length() > PREFIX_MAX || !DNS_SUBDOMAIN.matcher(prefix).matches()) {
                return "'" + key + "' has an invalid prefix (a lower-case DNS subdomain of at most 253 characters)";
            }
        }
        if (name.isEmpty() || name.length() > NAME_MAX || !NAME.matcher(name).matches()) {
            return "'" + key + "' is not a valid label key (at most 63 characters: alphanumerics, '-', '_' or '.',"
                    + " starting and ending with an alphanumeric)";
        }
        return null;
    }

    /** Null when {@code value} is a valid label value (empty, or a name of at most 63 characters), else why not. */
    public static String valueProblem(String value) {
        if (value == null) {
            return "must not be null";
        }
        if (value.isEmpty()) {
            return null;
        }
        if (value.length() > NAME_MAX || !NAME.matcher(value).matches()) {
            return "'" + value + "' is not a valid label value (at most 63 characters: alphanumerics, '-', '_' or"
                    + " '.', starting and ending with an alphanumeric)";
        }
        return null;
    }

    /** Throws IllegalArgumentException naming {@code field} when the key is invalid. */
    static String requireKey(String key, String field) {
        String problem = keyProblem(key);
        if (problem != null) {
            throw new IllegalArgumentException(field + ": " + problem);
        }
        return key;
    }

    static String requireValue(String value, String field) {
        String problem = valueProblem(value);
        if (problem != null) {
            throw new IllegalArgumentException(field + ": " + problem);
        }
        return value;
    }
}
