// Runtime error: writes into a map that was declared but never made (panic: assignment to entry in nil map).
func findOrder(numCourses int, prerequisites [][]int) []int {
	var indegree map[int]int
	graph := make([][]int, numCourses)
	for _, p := range prerequisites {
		graph[p[1]] = append(graph[p[1]], p[0])
		indegree[p[0]]++
	}
	order := []int{}
	for c := 0; c < numCourses; c++ {
		if indegree[c] == 0 {
			order = append(order, c)
		}
	}
	return order
}
