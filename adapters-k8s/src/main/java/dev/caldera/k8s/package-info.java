package dev.caldera.k8s;
