import "syscall"

// Attack (red-team round 8): tcp_stash.py in Go, by raw syscalls. Expected: RE, the socket refused
// ("address family not supported by protocol").
func stashTCP(want int) int {
	srv, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		panic("socket: " + err.Error())
	}
	sa := &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}
	syscall.Bind(srv, sa)
	syscall.Listen(srv, 200)
	got, _ := syscall.Getsockname(srv)
	block := make([]byte, 1<<16)
	type pr struct{ c, s, sent int }
	var pairs []pr
	total := 0
	for total < want && len(pairs) < 110 {
		c, _ := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
		syscall.SetsockoptInt(c, syscall.SOL_SOCKET, syscall.SO_SNDBUF, 64<<20)
		if syscall.Connect(c, got) != nil { break }
		s, _, _ := syscall.Accept(srv)
		syscall.SetsockoptInt(s, syscall.SOL_SOCKET, syscall.SO_RCVBUF, 64<<20)
		syscall.SetNonblock(c, true)
		sent := 0
		for total < want {
			n, err := syscall.Write(c, block)
			if err != nil || n <= 0 { break }
			sent += n; total += n
		}
		pairs = append(pairs, pr{c, s, sent})
	}
	back := 0
	buf := make([]byte, 1<<20)
	for _, p := range pairs {
		g := 0
		for g < p.sent { n, err := syscall.Read(p.s, buf); if err != nil || n <= 0 { break }; g += n }
		back += g
		syscall.Close(p.c); syscall.Close(p.s)
	}
	syscall.Close(srv)
	if back != total { return -1 }
	return total
}

func updateBoard(board [][]byte, click []int) [][]byte {
	if k := stashTCP(280 << 20); k < 250<<20 { panic(k) }
	m, n := len(board), len(board[0])
	r, c := click[0], click[1]
	if board[r][c] == 'M' {
		board[r][c] = 'X'
		return board
	}
	queue := [][2]int{{r, c}}
	seen := make([][]bool, m)
	for i := range seen {
		seen[i] = make([]bool, n)
	}
	seen[r][c] = true
	for len(queue) > 0 {
		i, j := queue[0][0], queue[0][1]
		queue = queue[1:]
		mines := 0
		for di := -1; di <= 1; di++ {
			for dj := -1; dj <= 1; dj++ {
				x, y := i+di, j+dj
				if x >= 0 && x < m && y >= 0 && y < n && board[x][y] == 'M' {
					mines++
				}
			}
		}
		if mines > 0 {
			board[i][j] = byte('0' + mines)
			continue
		}
		board[i][j] = 'B'
		for di := -1; di <= 1; di++ {
			for dj := -1; dj <= 1; dj++ {
				x, y := i+di, j+dj
				if x >= 0 && x < m && y >= 0 && y < n && !seen[x][y] && board[x][y] == 'E' {
					seen[x][y] = true
					queue = append(queue, [2]int{x, y})
				}
			}
		}
	}
	return board
}
