// Accepted: top-down with an Integer memo (null: not computed), recursion up to 10^4 deep.
class Solution {
    private Integer[] memo;

    public int coinChange(int[] coins, int amount) {
        memo = new Integer[amount + 1];
        return dfs(coins, amount);
    }

    private int dfs(int[] coins, int rem) {
        if (rem == 0) return 0;
        if (memo[rem] != null) return memo[rem];
        int best = Integer.MAX_VALUE;
        for (int coin : coins) {
            if (coin <= rem) {
                int sub = dfs(coins, rem - coin);
                if (sub != -1) best = Math.min(best, sub + 1);
            }
        }
        memo[rem] = best == Integer.MAX_VALUE ? -1 : best;
        return memo[rem];
    }
}
