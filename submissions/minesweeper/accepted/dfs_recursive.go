var dirs = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

func updateBoard(board [][]byte, click []int) [][]byte {
	if board[click[0]][click[1]] == 'M' {
		board[click[0]][click[1]] = 'X'
		return board
	}
	reveal(board, click[0], click[1])
	return board
}

func reveal(board [][]byte, r, c int) {
	if r < 0 || r >= len(board) || c < 0 || c >= len(board[0]) || board[r][c] != 'E' {
		return
	}
	mines := 0
	for _, d := range dirs {
		x, y := r+d[0], c+d[1]
		if x >= 0 && x < len(board) && y >= 0 && y < len(board[0]) && board[x][y] == 'M' {
			mines++
		}
	}
	if mines > 0 {
		board[r][c] = byte('0' + mines)
		return
	}
	board[r][c] = 'B'
	for _, d := range dirs {
		reveal(board, r+d[0], c+d[1])
	}
}
