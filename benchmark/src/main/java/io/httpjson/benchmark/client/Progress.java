package io.httpjson.benchmark.client;

import java.io.PrintStream;
import java.util.function.LongSupplier;

/** A one-line progress bar, redrawn a few times a second (only used when there is a terminal). */
final class Progress {
    private static final int WIDTH = 30;

    private final PrintStream out;
    private final String label;
    private volatile String phase = "";
    private volatile LongSupplier done = () -> 0;
    private volatile long total = 1;
    private volatile long phaseStart = System.nanoTime();
    private final Thread painter;
    private volatile boolean running = true;

    Progress(PrintStream out, String label, long total) {
        this.out = out;
        this.label = label;
        this.total = total;
        this.painter = new Thread(this::paintLoop, "progress");
        painter.setDaemon(true);
        painter.start();
    }

    void phase(String name, LongSupplier done, long total) {
        this.phase = name;
        this.done = done;
        this.total = Math.max(1, total);
        this.phaseStart = System.nanoTime();
    }

    private void paintLoop() {
        while (running) {
            paint();
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void paint() {
        long d = Math.min(done.getAsLong(), total);
        int filled = (int) (WIDTH * d / total);
        double secs = (System.nanoTime() - phaseStart) / 1e9;
        long rate = secs > 0 ? Math.round(d / secs) : 0;
        out.print("\r" + label + " " + phase + " [" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] "
                + (100 * d / total) + "% " + d + "/" + total + " " + rate + " calls/s   ");
        out.flush();
    }

    void finish() {
        running = false;
        painter.interrupt();
        paint();
        out.println();
        out.flush();
    }
}
