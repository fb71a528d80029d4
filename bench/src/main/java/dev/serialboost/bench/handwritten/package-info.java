/**
 * Hand-written {@link java.io.Externalizable} twins of the workloads: the textbook manual optimisation a
 * developer writes when allowed to change the source. Same fields, same values; each class writes its fields
 * with the typed {@code writeX} calls and references through {@code writeObject} (so nulls, shared references
 * and the Sample self-reference keep working), and needs a public no-arg constructor, so final fields lose
 * their {@code final}. A reference row of the benchmark, never touched by the agent
 * ({@code ALREADY_EXTERNALIZABLE}).
 */
package dev.serialboost.bench.handwritten;
