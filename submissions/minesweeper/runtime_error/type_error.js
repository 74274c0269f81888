// Reads a row that does not exist: TypeError on the bottom row.
var updateBoard = function(board, click) {
    const [r, c] = click;
    const below = board[r + 1][c];
    board[r][c] = below === 'M' ? '1' : 'B';
    return board;
};
