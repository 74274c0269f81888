// Attack: asks the compiler whether a folder of the judge's machine exists, with a relative import
// of it (the test writes the path in): without a box, Go's message differs for a folder that
// exists and one that does not. Expected: CE, the same message either way.
import probe "@@TARGET@@"

var _ = probe.X

func updateBoard(board [][]byte, click []int) [][]byte {
	return board
}
