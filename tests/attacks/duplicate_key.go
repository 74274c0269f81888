// Attack: one process holds the server and the submission, so it reads the response fd from the
// server's config and writes a forged answer there itself, cpu_ms twice (the last would win).
// Expected: RE (a key given twice), never its forged time.
import (
	"encoding/json"
	"fmt"
	"os"
)

var calls int

func updateBoard(board [][]byte, click []int) [][]byte {
	calls++
	var config struct {
		ResponseFd int `json:"response_fd"`
	}
	json.Unmarshal([]byte(os.Args[1]), &config)
	out := os.NewFile(uintptr(config.ResponseFd), "response")
	fmt.Fprintf(out, `{"id":%d,"status":"ok","value":[["B"]],"cpu_ms":0.001,"cpu_ms":0.001}`+"\n", calls)
	return board
}
