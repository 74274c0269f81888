// Memory limit: a "push" DP sized to reach past the largest coin (in long long, so no overflow): with
// a coin of 2^31-1 that is 8 GiB.
class Solution {
public:
    int coinChange(vector<int>& coins, int amount) {
        long long size = (long long)amount + *max_element(coins.begin(), coins.end()) + 1;
        vector<int> dp(size, INT_MAX);
        dp[0] = 0;
        for (int i = 0; i < amount; i++)
            for (int c : coins)
                if (dp[i] != INT_MAX) dp[i + c] = min(dp[i + c], dp[i] + 1);
        return dp[amount] == INT_MAX ? -1 : dp[amount];
    }
};
