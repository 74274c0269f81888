class Solution {
public:
    long long largest(vector<long long>& nums, long long floor) {
        long long best = floor;
        for (long long x : nums) best = max(best, x);
        return best;
    }
};
