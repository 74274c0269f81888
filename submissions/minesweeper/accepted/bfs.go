func updateBoard(board [][]byte, click []int) [][]byte {
	m, n := len(board), len(board[0])
	r, c := click[0], click[1]
	if board[r][c] == 'M' {
		board[r][c] = 'X'
		return board
	}
	queue := [][2]int{{r, c}}
	seen := make([][]bool, m)
	for i := range seen {
		seen[i] = make([]bool, n)
	}
	seen[r][c] = true
	for len(queue) > 0 {
		i, j := queue[0][0], queue[0][1]
		queue = queue[1:]
		mines := 0
		for di := -1; di <= 1; di++ {
			for dj := -1; dj <= 1; dj++ {
				x, y := i+di, j+dj
				if x >= 0 && x < m && y >= 0 && y < n && board[x][y] == 'M' {
					mines++
				}
			}
		}
		if mines > 0 {
			board[i][j] = byte('0' + mines)
			continue
		}
		board[i][j] = 'B'
		for di := -1; di <= 1; di++ {
			for dj := -1; dj <= 1; dj++ {
				x, y := i+di, j+dj
				if x >= 0 && x < m && y >= 0 && y < n && !seen[x][y] && board[x][y] == 'E' {
					seen[x][y] = true
					queue = append(queue, [2]int{x, y})
				}
			}
		}
	}
	return board
}
