// Wrong answer: the edge goes from the course to its prerequisite, so the order is reversed.
class Solution {
public:
    vector<int> findOrder(int numCourses, vector<vector<int>>& prerequisites) {
        vector<vector<int>> g(numCourses);
        vector<int> in(numCourses);
        for (auto& p : prerequisites) { g[p[0]].push_back(p[1]); in[p[1]]++; }
        queue<int> q;
        for (int i = 0; i < numCourses; i++) if (!in[i]) q.push(i);
        vector<int> order;
        while (!q.empty()) {
            int u = q.front(); q.pop();
            order.push_back(u);
            for (int v : g[u]) if (--in[v] == 0) q.push(v);
        }
        return (int)order.size() == numCourses ? order : vector<int>{};
    }
};
