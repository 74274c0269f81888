// Compile error: a missing semicolon.
class Solution {
public:
    vector<int> findOrder(int numCourses, vector<vector<int>>& prerequisites) {
        vector<int> order(numCourses)
        iota(order.begin(), order.end(), 0);
        return order;
    }
};
