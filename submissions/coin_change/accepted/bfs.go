// Accepted: breadth-first over the amounts still to pay.
func coinChange(coins []int, amount int) int {
	if amount == 0 {
		return 0
	}
	visited := make([]bool, amount+1)
	queue := []int{amount}
	visited[amount] = true
	for steps := 1; len(queue) > 0; steps++ {
		var next []int
		for _, left := range queue {
			for _, c := range coins {
				rest := left - c
				if rest == 0 {
					return steps
				}
				if rest > 0 && !visited[rest] {
					visited[rest] = true
					next = append(next, rest)
				}
			}
		}
		queue = next
	}
	return -1
}
