// Attack: embeds a file outside its own folder in the program (`//go:embed` of a path the test
// writes in), then prints it while answering. Expected: CE, and none of the file in the report.
import (
	_ "embed"
	"fmt"
)

//go:embed @@TARGET@@
var jdgLeak string

func updateBoard(board [][]byte, click []int) [][]byte {
	fmt.Print(jdgLeak)
	return board
}
