package dev.serialboost.it.loaders;

import java.net.URL;
import java.net.URLClassLoader;

/** Child-first for everything but the JDK, as a servlet container's web-app loader: test apps' own loader. */
public final class WebAppLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    public WebAppLoader(final URL[] urls, final ClassLoader parent) {
        super("webapp", urls, parent);
    }

    @Override
    protected Class<?> loadClass(final String name, final boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null && !name.startsWith("java.")) {
                try {
                    c = findClass(name);
                } catch (ClassNotFoundException e) {
                    c = null;
                }
            }
            if (c == null) {
                c = super.loadClass(name, false);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    public URL getResource(final String name) {
        URL url = findResource(name);
        return url != null ? url : super.getResource(name);
    }
}
