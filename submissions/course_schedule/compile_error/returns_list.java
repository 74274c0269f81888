// Compile error: returns the List<Integer> it built where the signature wants int[].
class Solution {
    public int[] findOrder(int numCourses, int[][] prerequisites) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < numCourses; i++) order.add(i);
        return order;
    }
}
