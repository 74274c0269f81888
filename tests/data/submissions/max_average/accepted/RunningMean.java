// Slides the mean itself, in floating point: each step rounds, so the answer drifts from the exact
// one in its last digits, well within the 1e-5 the problem allows.
class Solution {
    public double findMaxAverage(int[] nums, int k) {
        double mean = 0;
        for (int i = 0; i < k; i++) mean += nums[i];
        mean /= k;
        double best = mean;
        for (int i = k; i < nums.length; i++) {
            mean += (nums[i] - nums[i - k]) / (double) k;
            best = Math.max(best, mean);
        }
        return best;
    }
}
