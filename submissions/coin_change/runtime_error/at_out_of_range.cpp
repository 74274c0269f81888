// Runtime error: dp.at(i - c) without checking c <= i: std::out_of_range, uncaught.
class Solution {
public:
    int coinChange(vector<int>& coins, int amount) {
        vector<int> dp(amount + 1, amount + 1);
        dp[0] = 0;
        for (int i = 1; i <= amount; i++)
            for (int c : coins)
                dp.at(i) = min(dp.at(i), dp.at(i - c) + 1);
        return dp.at(amount) > amount ? -1 : dp.at(amount);
    }
};
