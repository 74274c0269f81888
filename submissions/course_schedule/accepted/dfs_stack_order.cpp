// Recursive DFS with colours (2000 calls deep on the chain case); the answer is the reversed post-order.
class Solution {
    vector<vector<int>> adj;
    vector<int> state, post;
    bool dfs(int u) {
        state[u] = 1;
        for (int v : adj[u]) {
            if (state[v] == 1) return false;
            if (state[v] == 0 && !dfs(v)) return false;
        }
        state[u] = 2;
        post.push_back(u);
        return true;
    }
public:
    vector<int> findOrder(int numCourses, vector<vector<int>>& prerequisites) {
        adj.assign(numCourses, {});
        state.assign(numCourses, 0);
        for (const auto& p : prerequisites) adj[p[1]].push_back(p[0]);
        for (int i = numCourses - 1; i >= 0; --i)
            if (state[i] == 0 && !dfs(i)) return vector<int>();
        reverse(post.begin(), post.end());
        return post;
    }
};
