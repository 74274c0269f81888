// Runtime error: the adjacency list is sized by the number of pairs, not of courses (std::out_of_range).
class Solution {
public:
    vector<int> findOrder(int numCourses, vector<vector<int>>& prerequisites) {
        vector<vector<int>> g(prerequisites.size());
        vector<int> in(numCourses);
        for (auto& p : prerequisites) { g.at(p[1]).push_back(p[0]); in.at(p[0])++; }
        queue<int> q;
        for (int i = 0; i < numCourses; i++) if (!in[i]) q.push(i);
        vector<int> order;
        while (!q.empty()) {
            int u = q.front(); q.pop();
            order.push_back(u);
            for (int v : g.at(u)) if (--in[v] == 0) q.push(v);
        }
        return (int)order.size() == numCourses ? order : vector<int>{};
    }
};
