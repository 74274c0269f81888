// Attack: an init function (it runs before the server says it is ready) writes its own first line,
// {"status": "compile_error", "message": "LEAKED ..."}, on the judge's channel (its number is in the
// server's config, os.Args[1]), and the server's own `ready` follows. A CE would be the whole
// submission's verdict, its message shown whatever the case's group, and no try in a contest.
// Expected: RE (the compiler has spoken: a server's compile error can only be the submission's), on
// every case, and no "LEAKED" anywhere.
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
	fmt.Fprintln(out, `{"status":"compile_error","message":"LEAKED secret case"}`)
}

func updateBoard(board [][]byte, click []int) [][]byte {
	return board
}
