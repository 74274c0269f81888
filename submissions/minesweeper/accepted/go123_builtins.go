// Go 1.21+ as LeetCode's Go 1.23 takes it: the min and max builtins, range over an int, and the
// slices package used without an import (an implicit one, as sort is).
func updateBoard(board [][]byte, click []int) [][]byte {
	m, n := len(board), len(board[0])
	start := slices.Clone(click)
	if board[start[0]][start[1]] == 'M' {
		board[start[0]][start[1]] = 'X'
		return board
	}
	queue := [][2]int{{start[0], start[1]}}
	for len(queue) > 0 {
		i, j := queue[0][0], queue[0][1]
		queue = queue[1:]
		if board[i][j] != 'E' {
			continue
		}
		mines := 0
		for x := max(0, i-1); x <= min(m-1, i+1); x++ {
			for y := max(0, j-1); y <= min(n-1, j+1); y++ {
				if board[x][y] == 'M' {
					mines++
				}
			}
		}
		if mines > 0 {
			board[i][j] = byte('0' + mines)
			continue
		}
		board[i][j] = 'B'
		for d := range 9 {
			x, y := i+d/3-1, j+d%3-1
			if x >= 0 && x < m && y >= 0 && y < n && board[x][y] == 'E' {
				queue = append(queue, [2]int{x, y})
			}
		}
	}
	return board
}
