package dev.caldera.k8s.convert;

import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.volcano.api.model.batch.v1alpha1.JobSpec;
import io.fabric8.volcano.api.model.batch.v1alpha1.TaskSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * One task of a vcjob after the admission webhook's defaults: its name ({@code default<i>} when unset),
 * replicas, minAvailable (its replicas when unset), pod template, the priority of its template's priority class
 * (for minResources) and its effective request per pod.
 */
record VcTask(String name, int replicas, int minAvailable, PodTemplateSpec template, int priority,
              Map<String, Long> request, TaskSpec spec) {

    static List<VcTask> of(JobSpec spec, String object, ToIntFunction<String> priorityOf) {
        List<VcTask> out = new ArrayList<>();
        List<TaskSpec> tasks = spec.getTasks() == null ? List.of() : spec.getTasks();
        for (int i = 0; i < tasks.size(); i++) {
            TaskSpec t = tasks.get(i);
            String name = VcJobExpander.taskName(t, i);
            int replicas = t.getReplicas() == null ? 0 : t.getReplicas();
            if (replicas < 0) {
                throw new ConversionException(object, "spec.tasks[" + i + "].replicas", "must not be negative, got "
                        + replicas);
            }
            int min = t.getMinAvailable() == null ? replicas : t.getMinAvailable();
            PodTemplateSpec template = t.getTemplate();
            if (template == null || template.getSpec() == null || template.getSpec().getContainers() == null
                    || template.getSpec().getContainers().isEmpty()) {
                throw new ConversionException(object, "spec.tasks[" + i + "].template.spec.containers",
                        "is required (at least one container)");
            }
            String pc = template.getSpec().getPriorityClassName();
            Map<String, Long> request = PodRequests.of(template.getSpec(), object + " task " + name);
            out.add(new VcTask(name, replicas, min, template, pc == null ? 0 : priorityOf.applyAsInt(pc), request, t));
        }
        return out;
    }
}
