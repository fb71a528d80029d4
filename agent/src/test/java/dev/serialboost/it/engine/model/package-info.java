/**
 * Classes of the engine-layer end-to-end tests ({@code EngineReport}): the business graph of DESIGN.md, records,
 * an enum with constant bodies, a serializable comparator and invocation handler, and pairs of classes whose
 * names have the same length so that a stream written for one can be turned into a stream naming the other
 * (an evolved or missing class) by replacing bytes in place.
 */
package dev.serialboost.it.engine.model;
