func updateBoard(board [][]byte, click []int) [][]byte {
	spins := 0
	for len(board) > 0 {
		spins++
	}
	return board
}
