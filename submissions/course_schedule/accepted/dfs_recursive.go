// Recursive DFS with colours in a closure; sort.Ints is an implicit import, used to start from the highest course.
func findOrder(numCourses int, prerequisites [][]int) []int {
	adj := make(map[int][]int)
	for _, p := range prerequisites {
		adj[p[1]] = append(adj[p[1]], p[0])
	}
	state := make([]int, numCourses)
	post := []int{}
	var visit func(u int) bool
	visit = func(u int) bool {
		state[u] = 1
		for _, v := range adj[u] {
			if state[v] == 1 || (state[v] == 0 && !visit(v)) {
				return false
			}
		}
		state[u] = 2
		post = append(post, u)
		return true
	}
	starts := make([]int, numCourses)
	for i := range starts {
		starts[i] = -i
	}
	sort.Ints(starts)
	for _, s := range starts {
		if state[-s] == 0 && !visit(-s) {
			return []int{}
		}
	}
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	return post
}
