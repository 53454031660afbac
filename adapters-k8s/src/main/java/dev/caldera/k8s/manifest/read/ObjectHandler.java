package dev.caldera.k8s.manifest.read;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caldera.k8s.convert.fields.NodeFields;
import dev.caldera.k8s.convert.fields.PodFields;
import dev.caldera.k8s.convert.fields.PodGroupFields;
import dev.caldera.k8s.convert.fields.PriorityClassFields;
import dev.caldera.k8s.convert.fields.QueueFields;
import dev.caldera.k8s.manifest.Location;

/**
 * What the streaming reader hands over for each object, in input order: the bulk kinds as field views, kinds
 * registered in {@link ManifestKinds#TREES} as Jackson trees, anything else by name only. Calls may come from
 * several reader threads at once (one file is read in parallel units); each returns a value {@code R} that the
 * reader delivers, in input order, on the calling thread of {@code ManifestReader#stream}.
 */
public interface ObjectHandler<R> {
    R pod(PodFields pod, Location at);

    R node(NodeFields node, Location at);

    R podGroup(PodGroupFields group, Location at);

    R queue(QueueFields queue, Location at);

    R priorityClass(PriorityClassFields priorityClass, Location at);

    /** A kind listed in {@link ManifestKinds#TREES}, read whole (decode it with fabric8 or Jackson). */
    R tree(String kind, String apiVersion, ObjectNode object, Location at);

    /** Any other object, skipped unread; {@code why} says why it is not read. */
    R other(String kind, String apiVersion, String why, Location at);
}
