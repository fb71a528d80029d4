/**
 * Classes the suite's "module" loader defines again below the "web" loader that also defines them: a field of one of
 * these types read inside a class of "web" resolves to web's class in plain JDK, to module's from module's code.
 * {@code Onl1} exists only in "module" (a renamed copy of {@link dev.serialboost.it.loaderlab.model.child.Only}).
 */
package dev.serialboost.it.loaderlab.model.child;
