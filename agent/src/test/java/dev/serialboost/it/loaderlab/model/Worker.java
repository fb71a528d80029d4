package dev.serialboost.it.loaderlab.model;

import java.util.List;

/** A worker thread of a web application: its class is the application's, and so is the code that reads. */
public class Worker extends Thread {

    private final byte[] bytes;
    public volatile int read = -1;

    public Worker(final byte[] bytes) {
        super("lab-worker");
        this.bytes = bytes;
    }

    @Override
    public void run() {
        try {
            List<Object> all = Reader.readAll(bytes);
            read = all.size();
        } catch (Exception e) {
            read = -2;
        }
    }
}
