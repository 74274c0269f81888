// Time limit: each course's prerequisites, closed by rescanning every pair until nothing changes, then
// a sort by how many there are: O(n^2 m), some 4 * 10^9 steps on the 2000-course chain.
class Solution {
    public int[] findOrder(int numCourses, int[][] prerequisites) {
        int[] count = new int[numCourses];
        for (int c = 0; c < numCourses; c++) {
            boolean[] reach = new boolean[numCourses];
            reach[c] = true;
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int[] p : prerequisites) {
                    if (reach[p[0]] && !reach[p[1]]) {
                        if (p[1] == c) return new int[0];
                        reach[p[1]] = true;
                        changed = true;
                    } else if (reach[p[0]] && p[1] == c) {
                        return new int[0];
                    }
                }
            }
            for (boolean r : reach) if (r) count[c]++;
        }
        Integer[] order = new Integer[numCourses];
        for (int i = 0; i < numCourses; i++) order[i] = i;
        Arrays.sort(order, (x, y) -> count[x] - count[y]);
        int[] out = new int[numCourses];
        for (int i = 0; i < numCourses; i++) out[i] = order[i];
        return out;
    }
}
