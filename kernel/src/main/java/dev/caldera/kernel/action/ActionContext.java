package dev.caldera.kernel.action;

import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.select.NodeSelector;
import dev.caldera.kernel.statement.Statement;

/** What actions share: the configuration, the node selector and the session's statement. */
public record ActionContext(SchedulerConf conf, NodeSelector selector, Statement statement) {
}
