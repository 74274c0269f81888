// Attack: answers before it is asked. An init function runs before the server's main, reads the
// response fd from the server's config and writes an `ok` line there, where the judge waits for
// `ready`. Expected: RE (the server said ok before it was ready), never that line as an answer.
import (
	"encoding/json"
	"fmt"
	"os"
)

func init() {
	var config struct {
		ResponseFd int `json:"response_fd"`
	}
	json.Unmarshal([]byte(os.Args[1]), &config)
	out := os.NewFile(uintptr(config.ResponseFd), "response")
	fmt.Fprintln(out, `{"status":"ok","id":1,"value":[["B"]]}`)
}

func updateBoard(board [][]byte, click []int) [][]byte {
	return board
}
