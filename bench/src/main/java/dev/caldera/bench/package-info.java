package dev.caldera.bench;
