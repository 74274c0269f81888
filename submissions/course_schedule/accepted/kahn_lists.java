// Kahn's BFS with List<List<Integer>> and ArrayDeque; java.util.* is implicit on the platform.
class Solution {
    public int[] findOrder(int numCourses, int[][] prerequisites) {
        List<List<Integer>> graph = new ArrayList<>();
        for (int i = 0; i < numCourses; i++) graph.add(new ArrayList<>());
        int[] indegree = new int[numCourses];
        for (int[] p : prerequisites) {
            graph.get(p[1]).add(p[0]);
            indegree[p[0]]++;
        }
        Deque<Integer> queue = new ArrayDeque<>();
        for (int i = 0; i < numCourses; i++) if (indegree[i] == 0) queue.add(i);
        int[] order = new int[numCourses];
        int k = 0;
        while (!queue.isEmpty()) {
            int node = queue.poll();
            order[k++] = node;
            for (int next : graph.get(node)) {
                if (--indegree[next] == 0) queue.add(next);
            }
        }
        return k == numCourses ? order : new int[0];
    }
}
