// Runtime error: breadth-first from 0 up; sum + coin overflows int when a coin is near 2^31-1, the
// negative sum passes `next < amount`, and seen[next] throws ArrayIndexOutOfBoundsException.
class Solution {
    public int coinChange(int[] coins, int amount) {
        if (amount == 0) return 0;
        boolean[] seen = new boolean[amount + 1];
        Queue<Integer> queue = new LinkedList<>();
        queue.offer(0);
        seen[0] = true;
        int steps = 0;
        while (!queue.isEmpty()) {
            steps++;
            for (int size = queue.size(); size > 0; size--) {
                int sum = queue.poll();
                for (int coin : coins) {
                    int next = sum + coin;
                    if (next == amount) return steps;
                    if (next < amount && !seen[next]) {
                        seen[next] = true;
                        queue.offer(next);
                    }
                }
            }
        }
        return -1;
    }
}
