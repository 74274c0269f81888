// Time limit: picks the lowest free course by rescanning every pair for every course: O(n^2 m).
class Solution {
public:
    vector<int> findOrder(int numCourses, vector<vector<int>>& prerequisites) {
        vector<char> taken(numCourses, 0);
        vector<int> order;
        for (int round = 0; round < numCourses; round++) {
            int pick = -1;
            for (int c = 0; c < numCourses && pick < 0; c++) {
                if (taken[c]) continue;
                bool ready = true;
                for (auto& p : prerequisites)
                    if (p[0] == c && !taken[p[1]]) ready = false;
                if (ready) pick = c;
            }
            if (pick < 0) return {};
            taken[pick] = 1;
            order.push_back(pick);
        }
        return order;
    }
};
