// The pair comes back larger index first: right, since the order is free.
class Solution {
public:
    vector<int> twoSum(vector<int>& nums, int target) {
        unordered_map<int, int> where;
        for (int i = 0; i < (int)nums.size(); i++) {
            auto it = where.find(target - nums[i]);
            if (it != where.end()) return {i, it->second};
            where[nums[i]] = i;
        }
        return {};
    }
};
