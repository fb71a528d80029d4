package dev.serialboost.it.safety;

import dev.serialboost.it.loaders.WebAppLoader;
import dev.serialboost.testing.Converted;

import java.lang.ref.WeakReference;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Test app for LeakIT: deploys a small web application {@value #DEPLOYMENTS} times, each time in a new child-first
 * class loader (servlet-container style), lets it serialize its classes (round trips in several threads, and a
 * stream written without serialboost), prints what it saw and whether its {@code GiftCart} is converted, undeploys
 * it by dropping every reference to the loader, and then checks
 * that all the loaders are collected: a {@link WeakReference} to each must clear within a bounded number of
 * {@code System.gc()} calls.
 *
 * <p>Arguments: the directory of the web application's classes, and a file holding a stream its
 * {@code WebApp.sample()} wrote on a JVM without serialboost.
 */
public final class LeakApp {

    public static final int DEPLOYMENTS = 3;
    /** The web application's class that its {@code WebApp.run} round-trips. */
    static final String GIFT_CART = "dev.serialboost.it.safety.webapp.GiftCart";
    static final int GC_ATTEMPTS = 40;

    private LeakApp() {
    }

    public static void main(final String[] args) throws Exception {
        Path classes = Path.of(args[0]);
        byte[] legacy = Files.readAllBytes(Path.of(args[1]));
        List<WeakReference<ClassLoader>> loaders = new ArrayList<>();
        for (int i = 0; i < DEPLOYMENTS; i++) {
            loaders.add(deployUseAndUndeploy(classes, legacy, i));
        }
        int attempts = 0;
        while (loaders.stream().anyMatch(r -> r.get() != null) && attempts < GC_ATTEMPTS) {
            attempts++;
            System.gc();
            Thread.sleep(50);
        }
        long collected = loaders.stream().filter(r -> r.get() == null).count();
        System.out.println("collected=" + collected + "/" + DEPLOYMENTS + (collected == DEPLOYMENTS ? "" : " after "
                + attempts + " System.gc() calls"));
    }

    /** One deployment; everything it made is unreachable when this returns, but for the weak reference. */
    private static WeakReference<ClassLoader> deployUseAndUndeploy(final Path classes, final byte[] legacy,
                                                                   final int deployment) throws Exception {
        WebAppLoader loader = new WebAppLoader(new URL[] {classes.toUri().toURL()}, ClassLoader.getSystemClassLoader());
        Class<?> app = Class.forName("dev.serialboost.it.safety.webapp.WebApp", true, loader);
        String report = (String) app.getMethod("run", byte[].class).invoke(null, legacy);
        boolean converted = Converted.hasBodies(Class.forName(GIFT_CART, false, loader));
        System.out.println("deployment " + deployment + ": " + report + " converted=" + converted);
        loader.close();
        return new WeakReference<>(loader);
    }
}
