/**
 * Placement specs compiled to int form for the node plugins (predicates, nodeorder): node selector terms,
 * tolerations, node taints and numeric label values, all against the session's {@code Names}, so the
 * checks that run per node compare ints and allocate nothing.
 */
package dev.caldera.kernel.plugin.match;
