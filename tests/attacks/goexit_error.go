// Attack (red-team round 27): a panic value whose Error method calls runtime.Goexit. The harness's
// recover formats the value, and fmt recovers a panicking Error but not a Goexit: the case's goroutine
// ended inside that formatting, with nothing sent, and the case waited out the wall limit twice (TLE).
// Expected: RE at once, saying so.
import "runtime"

type boom struct{}

func (boom) Error() string {
	runtime.Goexit()
	return "never"
}

func updateBoard(board [][]byte, click []int) [][]byte {
	panic(boom{})
}
