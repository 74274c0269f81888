const DIRS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];

function updateBoard(board, click) {
    const [r, c] = click;
    if (board[r][c] === 'M') {
        board[r][c] = 'X';
    } else {
        reveal(board, r, c);
    }
    return board;
}

function reveal(board, r, c) {
    if (r < 0 || r >= board.length || c < 0 || c >= board[0].length || board[r][c] !== 'E') return;
    let mines = 0;
    for (const [dr, dc] of DIRS) {
        const row = board[r + dr];
        if (row && row[c + dc] === 'M') mines++;
    }
    if (mines > 0) {
        board[r][c] = String(mines);
        return;
    }
    board[r][c] = 'B';
    for (const [dr, dc] of DIRS) reveal(board, r + dr, c + dc);
}
