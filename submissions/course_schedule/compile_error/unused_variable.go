// Compile error: Go rejects a declared and unused variable.
func findOrder(numCourses int, prerequisites [][]int) []int {
	indegree := make([]int, numCourses)
	return []int{}
}
