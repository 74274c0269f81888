// Runtime error: the table has `amount` entries, not amount+1, so dp[amount] is out of range (a panic).
func coinChange(coins []int, amount int) int {
	dp := make([]int, amount)
	for i := range dp {
		dp[i] = amount + 1
	}
	if amount > 0 {
		dp[0] = 0
	}
	for i := 1; i <= amount; i++ {
		for _, c := range coins {
			if c <= i && dp[i-c]+1 < dp[i] {
				dp[i] = dp[i-c] + 1
			}
		}
	}
	if dp[amount] > amount {
		return -1
	}
	return dp[amount]
}
