// Time limit: the recurrence without a memo, exponential in the amount.
class Solution {
    public int coinChange(int[] coins, int amount) {
        if (amount == 0) return 0;
        int best = Integer.MAX_VALUE;
        for (int coin : coins) {
            if (coin <= amount) {
                int sub = coinChange(coins, amount - coin);
                if (sub >= 0) best = Math.min(best, sub + 1);
            }
        }
        return best == Integer.MAX_VALUE ? -1 : best;
    }
}
