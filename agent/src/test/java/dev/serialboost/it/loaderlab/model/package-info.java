/**
 * Classes that each loader of the class-loader suite ({@link dev.serialboost.it.loaderlab.LoaderSuite}) defines for
 * itself, child-first: one class name stands for several classes. Code here runs in the loader that defined it, so
 * its frames are what {@code ObjectInputStream.latestUserDefinedLoader()} finds while it reads.
 */
package dev.serialboost.it.loaderlab.model;
