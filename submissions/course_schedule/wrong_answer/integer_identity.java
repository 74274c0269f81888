// Integer == Integer compares identity, which is equality only up to 127 (the boxed cache): WA once a
// course has more than 127 prerequisites (the secret case wide-fan-in-200), as on LeetCode.
class Solution {
    public int[] findOrder(int numCourses, int[][] prerequisites) {
        Map<Integer, Integer> need = new HashMap<>();
        Map<Integer, Integer> taken = new HashMap<>();
        Map<Integer, List<Integer>> adj = new HashMap<>();
        for (int i = 0; i < numCourses; i++) { need.put(i, 0); taken.put(i, 0); adj.put(i, new ArrayList<>()); }
        for (int[] p : prerequisites) { adj.get(p[1]).add(p[0]); need.merge(p[0], 1, Integer::sum); }
        List<Integer> order = new ArrayList<>();
        Deque<Integer> q = new ArrayDeque<>();
        for (int i = 0; i < numCourses; i++) if (need.get(i) == 0) q.add(i);
        while (!q.isEmpty()) {
            int v = q.poll();
            order.add(v);
            for (int w : adj.get(v)) {
                taken.merge(w, 1, Integer::sum);
                if (taken.get(w) == need.get(w)) q.add(w);
            }
        }
        if (order.size() != numCourses) return new int[0];
        int[] res = new int[numCourses];
        for (int i = 0; i < numCourses; i++) res[i] = order.get(i);
        return res;
    }
}
