package dev.serialboost.runtime;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a runtime class that stays {@code public} once installed in {@code java.io}: code generated into application
 * classes (the converted format's bodies) calls it, from every package and class loader. Every other runtime class is
 * {@code public} only so that the runtime's packages can call each other when compiled; the agent's build makes it
 * package-private as it moves it into {@code java.io} ({@code RuntimeImage}), where all runtime classes share one
 * package. What a marked class makes public is listed by a test ({@code public-surface.txt}) and grants nothing a
 * class could not do without the agent (docs/security.md).
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface ApplicationFacing {
}
