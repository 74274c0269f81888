function updateBoard(board: string[][], click: number[]): string[][] {
    const m: number = board.length, n: number = board[0].length;
    const [r, c] = click;
    if (board[r][c] === 'M') {
        board[r][c] = 'X';
        return board;
    }
    const queue: Array<[number, number]> = [[r, c]];
    const seen: boolean[][] = Array.from({ length: m }, () => new Array<boolean>(n).fill(false));
    seen[r][c] = true;
    while (queue.length > 0) {
        const [i, j] = queue.shift()!;
        let mines = 0;
        for (let di = -1; di <= 1; di++)
            for (let dj = -1; dj <= 1; dj++) {
                const x = i + di, y = j + dj;
                if (x >= 0 && x < m && y >= 0 && y < n && board[x][y] === 'M') mines++;
            }
        if (mines > 0) {
            board[i][j] = mines.toString();
            continue;
        }
        board[i][j] = 'B';
        for (let di = -1; di <= 1; di++)
            for (let dj = -1; dj <= 1; dj++) {
                const x = i + di, y = j + dj;
                if (x >= 0 && x < m && y >= 0 && y < n && !seen[x][y] && board[x][y] === 'E') {
                    seen[x][y] = true;
                    queue.push([x, y]);
                }
            }
    }
    return board;
}
