// Memory limit: a "push" DP sized to reach past the largest coin: 2^31 ints for a coin of 2^31-1.
func coinChange(coins []int, amount int) int {
	maxCoin := 0
	for _, c := range coins {
		if c > maxCoin {
			maxCoin = c
		}
	}
	dp := make([]int, amount+maxCoin+1)
	for i := 1; i < len(dp); i++ {
		dp[i] = math.MaxInt32
	}
	for i := 0; i < amount; i++ {
		for _, c := range coins {
			if dp[i] != math.MaxInt32 && dp[i]+1 < dp[i+c] {
				dp[i+c] = dp[i] + 1
			}
		}
	}
	if dp[amount] == math.MaxInt32 {
		return -1
	}
	return dp[amount]
}
