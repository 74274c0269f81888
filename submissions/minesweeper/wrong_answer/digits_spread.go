// Keeps spreading from squares that show a digit, revealing too much. Uses fmt and strings
// without importing them, as the platform allows.
func updateBoard(board [][]byte, click []int) [][]byte {
	if board[click[0]][click[1]] == 'M' {
		board[click[0]][click[1]] = 'X'
		return board
	}
	_ = strings.Repeat(fmt.Sprint(len(board)), 0)
	stack := [][]int{click}
	for len(stack) > 0 {
		cell := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		i, j := cell[0], cell[1]
		if board[i][j] != 'E' {
			continue
		}
		mines := 0
		for x := i - 1; x <= i+1; x++ {
			for y := j - 1; y <= j+1; y++ {
				if x >= 0 && x < len(board) && y >= 0 && y < len(board[0]) && board[x][y] == 'M' {
					mines++
				}
			}
		}
		if mines > 0 {
			board[i][j] = byte('0' + mines)
		} else {
			board[i][j] = 'B'
		}
		for x := i - 1; x <= i+1; x++ {
			for y := j - 1; y <= j+1; y++ {
				if x >= 0 && x < len(board) && y >= 0 && y < len(board[0]) && board[x][y] == 'E' {
					stack = append(stack, []int{x, y})
				}
			}
		}
	}
	return board
}
