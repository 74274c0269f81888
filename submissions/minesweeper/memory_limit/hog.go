func updateBoard(board [][]byte, click []int) [][]byte {
	kept := [][]byte{}
	for {
		block := make([]byte, 1<<20)
		for i := range block {
			block[i] = 'E'
		}
		kept = append(kept, block)
	}
}
