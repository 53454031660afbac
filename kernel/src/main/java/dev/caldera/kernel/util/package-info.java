/**
 * Plain data structures with no state shared beyond their instance ({@link dev.caldera.kernel.util.RowMarks}), below
 * every other kernel package: the cluster's tables and plugins alike may keep their own.
 */
package dev.caldera.kernel.util;
