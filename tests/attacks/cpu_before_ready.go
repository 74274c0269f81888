// Attack: does its work in init(), before the server says it is ready (a table computed ahead,
// say), then answers at once. Expected: TLE, because a runtime that runs submission code before
// ready (Go's init functions run before the harness's main) has its start charged to its first case.
import "syscall"

var attackTable int

func cpuSeconds() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}

func init() {
	for cpuSeconds() < 2 { // 2 s of the process's CPU time, twice the limit
		attackTable++
	}
}

func updateBoard(board [][]byte, click []int) [][]byte {
	return board
}
