// Attack: an init() (run before the harness's main) rewrites the harness's config in os.Args to a
// huge CPU limit, and the work runs on another goroutine while the calling one waits.
// Expected: TLE, with the box's CPU time (read by the judge from outside) at the limit.
import (
	"os"
	"strings"
	"syscall"
	"time"
)

func init() {
	os.Args[1] = strings.Replace(os.Args[1], `"cpu_limit":`, `"cpu_limit":1000000`, 1)
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func updateBoard(board [][]byte, click []int) [][]byte {
	done := make(chan bool)
	go func() {
		end := processCPU() + 2*time.Second // twice the limit
		spins := 0
		for processCPU() < end {
			spins++
		}
		done <- spins > 0
	}()
	<-done
	return board
}
