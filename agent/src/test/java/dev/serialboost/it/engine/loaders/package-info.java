/**
 * Classes each test class loader of {@code EngineReport} defines for itself (child-first), so that one class
 * name stands for several classes: {@link dev.serialboost.it.engine.loaders.Reader} calls {@code readObject} from
 * code of its own loader, which is what {@code ObjectInputStream.latestUserDefinedLoader()} finds on the stack.
 */
package dev.serialboost.it.engine.loaders;
