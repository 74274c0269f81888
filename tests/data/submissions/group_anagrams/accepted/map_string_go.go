import "sort"

func groupAnagrams(strs []string) [][]string {
	m := map[string][]string{}
	for _, s := range strs {
		b := []byte(s)
		sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
		m[string(b)] = append(m[string(b)], s)
	}
	var res [][]string
	for _, v := range m {
		res = append(res, v)
	}
	return res
}
