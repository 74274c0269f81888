// INT_MAX as "impossible", then INT_MAX + 1: a signed overflow, which UndefinedBehaviorSanitizer stops (RE,
// as on LeetCode); without it the sum wraps to INT_MIN, wins the min and the answer is wrong.
class Solution {
public:
    int coinChange(vector<int>& coins, int amount) {
        vector<int> dp(amount + 1, INT_MAX);
        dp[0] = 0;
        for (int i = 1; i <= amount; i++) {
            for (int c : coins) {
                if (c <= i) dp[i] = min(dp[i], dp[i - c] + 1);
            }
        }
        return dp[amount] == INT_MAX ? -1 : dp[amount];
    }
};
