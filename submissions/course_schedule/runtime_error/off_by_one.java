// Runtime error: numbers the courses from 1, so course numCourses - 1 indexes past the end.
class Solution {
    public int[] findOrder(int numCourses, int[][] prerequisites) {
        int[] indegree = new int[numCourses];
        List<Integer>[] graph = new ArrayList[numCourses];
        for (int i = 0; i < numCourses; i++) graph[i] = new ArrayList<>();
        for (int[] p : prerequisites) { graph[p[1]].add(p[0]); indegree[p[0] + 1]++; }
        Queue<Integer> queue = new ArrayDeque<>();
        for (int i = 0; i < numCourses; i++) if (indegree[i] == 0) queue.add(i);
        int[] order = new int[numCourses];
        int k = 0;
        while (!queue.isEmpty()) {
            int u = queue.poll();
            order[k++] = u;
            for (int v : graph[u]) if (--indegree[v] == 0) queue.add(v);
        }
        return k == numCourses ? order : new int[0];
    }
}
