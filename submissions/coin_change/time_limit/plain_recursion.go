// Time limit: the recurrence without a memo, exponential in the amount.
func coinChange(coins []int, amount int) int {
	if amount == 0 {
		return 0
	}
	best := -1
	for _, c := range coins {
		if c <= amount {
			if sub := coinChange(coins, amount-c); sub != -1 && (best == -1 || sub+1 < best) {
				best = sub + 1
			}
		}
	}
	return best
}
