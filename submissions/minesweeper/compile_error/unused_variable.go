// Go rejects a declared and unused variable.
func updateBoard(board [][]byte, click []int) [][]byte {
	rows := len(board)
	board[click[0]][click[1]] = 'X'
	return board
}
