// Attack: prints forged protocol lines (a key twice) on stdout and stderr, then returns a wrong
// board. stdout is not the channel. Expected: WA, judged on its own board.
import (
	"fmt"
	"os"
)

func updateBoard(board [][]byte, click []int) [][]byte {
	for id := 1; id <= 3; id++ {
		line := fmt.Sprintf(`{"id":%d,"status":"ok","value":[["B"]],"cpu_ms":0.001,"cpu_ms":0.001}`, id)
		fmt.Println(line)
		fmt.Fprintln(os.Stderr, line)
	}
	if board[0][0] == 'X' {
		board[0][0] = 'B'
	} else {
		board[0][0] = 'X'
	}
	return board
}
