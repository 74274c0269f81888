// Accepted: top-down with a memo vector; -2 means "not computed yet".
class Solution {
    vector<int> memo;

    int solve(vector<int>& coins, int rem) {
        if (rem == 0) return 0;
        if (memo[rem] != -2) return memo[rem];
        int best = INT_MAX;
        for (int c : coins) {
            if (c <= rem) {
                int sub = solve(coins, rem - c);
                if (sub >= 0 && sub + 1 < best) best = sub + 1;
            }
        }
        return memo[rem] = (best == INT_MAX ? -1 : best);
    }

public:
    int coinChange(vector<int>& coins, int amount) {
        memo.assign(amount + 1, -2);
        return solve(coins, amount);
    }
};
