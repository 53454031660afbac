package dev.caldera.k8s.manifest.read;

import dev.caldera.k8s.convert.fields.MetaFields;
import dev.caldera.k8s.convert.fields.OwnerFields;

/** {@code metadata}: name, namespace, uid, creation and deletion times, labels, annotations. */
final class MetaReader {
    private MetaReader() {
    }

    static void read(Values v, MetaFields m) {
        if (!v.map("metadata")) {
            return;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "name" -> m.name = v.string("metadata.name");
                case "namespace" -> m.namespace = v.sharedString("metadata.namespace");
                case "uid" -> m.uid = v.string("metadata.uid");
                case "creationTimestamp" -> m.creationTimestamp = v.string("metadata.creationTimestamp");
                case "deletionTimestamp" -> m.deletionTimestamp = v.string("metadata.deletionTimestamp");
                case "labels" -> m.labels = v.stringMap("metadata.labels");
                case "annotations" -> m.annotations = v.stringMap("metadata.annotations");
                case "ownerReferences" -> m.ownerReferences = v.list("metadata.ownerReferences", MetaReader::owner);
                default -> v.skip();
            }
        }
    }

    private static OwnerFields owner(Values v, String path) {
        OwnerFields o = new OwnerFields();
        if (!v.map(path)) {
            return o;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "apiVersion" -> o.apiVersion = v.string(path + ".apiVersion");
                case "kind" -> o.kind = v.string(path + ".kind");
                case "name" -> o.name = v.string(path + ".name");
                case "controller" -> o.controller = v.bool(path + ".controller");
                default -> v.skip();
            }
        }
        return o;
    }
}
