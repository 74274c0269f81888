// Reads the row below the click without a bounds check: a panic on the bottom row.
func updateBoard(board [][]byte, click []int) [][]byte {
	r, c := click[0], click[1]
	if board[r+1][c] == 'M' {
		board[r][c] = '1'
	} else {
		board[r][c] = 'B'
	}
	return board
}
