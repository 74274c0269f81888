// Attack: lifts the harness's own CPU limit (judge.JudgeServer.cpuLimit, a static field the
// solution's code can reach through reflection) and does its work on a helper thread while the
// thread the harness watches waits in join(). Expected: TLE, with the whole JVM's CPU time (read by the judge from outside) at the limit.
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

class Solution {
    static final long WORK_NS = 2_000_000_000L;   // CPU time of work, twice the limit

    static {  // the server is in a package of its own: its field reached through reflection
        try {
            java.lang.reflect.Field limit = Class.forName("judge.JudgeServer").getDeclaredField("cpuLimit");
            limit.setAccessible(true);
            limit.setDouble(null, 1e6);
        } catch (ReflectiveOperationException e) {
            throw new RuntimeException(e);
        }
    }

    public char[][] updateBoard(char[][] board, int[] click) {
        Thread helper = new Thread(() -> {
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            long end = mx.getCurrentThreadCpuTime() + WORK_NS;
            long spins = 0;
            while (mx.getCurrentThreadCpuTime() < end) spins++;
        });
        helper.start();
        try {
            helper.join();
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
        return board;
    }
}
