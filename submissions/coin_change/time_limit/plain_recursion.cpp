// Time limit: the recurrence without a memo, exponential in the amount.
class Solution {
public:
    int coinChange(vector<int>& coins, int amount) {
        if (amount == 0) return 0;
        int best = -1;
        for (int c : coins) {
            if (c <= amount) {
                int sub = coinChange(coins, amount - c);
                if (sub != -1 && (best == -1 || sub + 1 < best)) best = sub + 1;
            }
        }
        return best;
    }
};
