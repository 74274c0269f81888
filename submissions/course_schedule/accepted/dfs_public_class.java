// public class, recursive DFS with colours filling the answer from the back (a different valid order).
public class Solution {
    private List<Integer>[] adj;
    private int[] colour;
    private int[] order;
    private int next;

    public int[] findOrder(int numCourses, int[][] prerequisites) {
        adj = new ArrayList[numCourses];
        for (int i = 0; i < numCourses; i++) adj[i] = new ArrayList<>();
        for (int[] p : prerequisites) adj[p[1]].add(p[0]);
        colour = new int[numCourses];
        order = new int[numCourses];
        next = numCourses - 1;
        for (int i = 0; i < numCourses; i++) {
            if (colour[i] == 0 && !visit(i)) return new int[]{};
        }
        return order;
    }

    private boolean visit(int u) {
        colour[u] = 1;
        for (int v : adj[u]) {
            if (colour[v] == 1) return false;
            if (colour[v] == 0 && !visit(v)) return false;
        }
        colour[u] = 2;
        order[next--] = u;
        return true;
    }
}
