// Changes the board in place and returns nothing: judged on the board it changed.
function updateBoard(board, click) {
    const [r, c] = click;
    if (board[r][c] === 'M') {
        board[r][c] = 'X';
        return;
    }
    const stack = [[r, c]];
    while (stack.length) {
        const [i, j] = stack.pop();
        if (board[i][j] !== 'E') continue;
        const around = [];
        let mines = 0;
        for (let x = i - 1; x <= i + 1; x++) {
            for (let y = j - 1; y <= j + 1; y++) {
                if (x < 0 || y < 0 || x >= board.length || y >= board[0].length) continue;
                if (board[x][y] === 'M') mines++;
                if (board[x][y] === 'E') around.push([x, y]);
            }
        }
        board[i][j] = mines ? String(mines) : 'B';
        if (!mines) stack.push(...around);
    }
}
