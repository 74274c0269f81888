// Wrong answer: a DFS with only "visited", no grey (on the path) state: it never sees a cycle.
class Solution {
    vector<vector<int>> adj;
    vector<bool> seen;
    vector<int> post;
    void dfs(int u) {
        seen[u] = true;
        for (int v : adj[u]) if (!seen[v]) dfs(v);
        post.push_back(u);
    }
public:
    vector<int> findOrder(int numCourses, vector<vector<int>>& prerequisites) {
        adj.assign(numCourses, {});
        seen.assign(numCourses, false);
        for (auto& p : prerequisites) adj[p[1]].push_back(p[0]);
        for (int i = 0; i < numCourses; i++) if (!seen[i]) dfs(i);
        reverse(post.begin(), post.end());
        return post;
    }
};
