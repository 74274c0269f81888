// The common DFS bug: the square is marked only after the recursion, so two neighbours call each
// other for ever. LeetCode: RE (fatal error: stack overflow), not MLE: the stack is capped below the
// memory limit.
func updateBoard(board [][]byte, click []int) [][]byte {
	m, n := len(board), len(board[0])
	var dfs func(r, c int)
	dfs = func(r, c int) {
		if r < 0 || r >= m || c < 0 || c >= n || board[r][c] != 'E' {
			return
		}
		k := 0
		for i := r - 1; i <= r+1; i++ {
			for j := c - 1; j <= c+1; j++ {
				if i >= 0 && i < m && j >= 0 && j < n && board[i][j] == 'M' {
					k++
				}
			}
		}
		if k > 0 {
			board[r][c] = byte('0' + k)
			return
		}
		for i := -1; i <= 1; i++ {
			for j := -1; j <= 1; j++ {
				if i != 0 || j != 0 {
					dfs(r+i, c+j)
				}
			}
		}
		board[r][c] = 'B'
	}
	if board[click[0]][click[1]] == 'M' {
		board[click[0]][click[1]] = 'X'
	} else {
		dfs(click[0], click[1])
	}
	return board
}
