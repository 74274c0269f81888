class Solution {
    public long largest(long[] nums, long floor) {
        long best = floor;
        for (long x : nums) best = Math.max(best, x);
        return best;
    }
}
