// Wrong answer: breadth-first from the amount down, but an amount of 0 is never "reached" (the
// check is on rest == 0 after a coin), so it answers -1 instead of 0.
func coinChange(coins []int, amount int) int {
	visited := make([]bool, amount+1)
	queue := []int{amount}
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
