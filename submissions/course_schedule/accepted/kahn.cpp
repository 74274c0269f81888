// Kahn's BFS with vector<vector<int>>& as LeetCode gives it; no includes (the platform's are implicit).
class Solution {
public:
    vector<int> findOrder(int numCourses, vector<vector<int>>& prerequisites) {
        vector<vector<int>> graph(numCourses);
        vector<int> indegree(numCourses, 0);
        for (auto& p : prerequisites) {
            graph[p[1]].push_back(p[0]);
            indegree[p[0]]++;
        }
        queue<int> q;
        for (int i = 0; i < numCourses; i++)
            if (indegree[i] == 0) q.push(i);
        vector<int> order;
        while (!q.empty()) {
            int node = q.front(); q.pop();
            order.push_back(node);
            for (int next : graph[node])
                if (--indegree[next] == 0) q.push(next);
        }
        if ((int)order.size() != numCourses) return {};
        return order;
    }
};
