// Counts mines among the 4 orthogonal neighbours only, so diagonal mines are missed.
var updateBoard = function(board, click) {
    const [r, c] = click;
    if (board[r][c] === 'M') {
        board[r][c] = 'X';
        return board;
    }
    const count = (i, j) => [[1, 0], [-1, 0], [0, 1], [0, -1]]
        .filter(([a, b]) => board[i + a] && board[i + a][j + b] === 'M').length;
    const queue = [[r, c]];
    while (queue.length) {
        const [i, j] = queue.shift();
        if (board[i][j] !== 'E') continue;
        const mines = count(i, j);
        if (mines) { board[i][j] = String(mines); continue; }
        board[i][j] = 'B';
        for (let x = i - 1; x <= i + 1; x++)
            for (let y = j - 1; y <= j + 1; y++)
                if (board[x] && board[x][y] === 'E') queue.push([x, y]);
    }
    return board;
};
