/**
 * Classes the corpus test rewrites to old class-file versions (51 = Java 7, 52 = Java 8) with ASM before
 * loading them. Keep them simple: top-level, no nested classes (nestmates), no lambdas or string
 * concatenation (invokedynamic), no records, no interface static/private methods.
 */
package dev.serialboost.corpus.legacy;
