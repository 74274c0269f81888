const DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
    [-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1],
];

function updateBoard(board: string[][], click: number[]): string[][] {
    const [r, c] = click;
    if (board[r][c] === 'M') {
        board[r][c] = 'X';
        return board;
    }
    reveal(board, r, c);
    return board;
}

function reveal(board: string[][], r: number, c: number): void {
    if (r < 0 || r >= board.length || c < 0 || c >= board[0].length || board[r][c] !== 'E') return;
    const mines: number = DIRECTIONS.filter(([dr, dc]) => board[r + dr]?.[c + dc] === 'M').length;
    if (mines > 0) {
        board[r][c] = `${mines}`;
        return;
    }
    board[r][c] = 'B';
    for (const [dr, dc] of DIRECTIONS) reveal(board, r + dr, c + dc);
}
