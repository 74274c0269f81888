var updateBoard = function(board, click) {
    const [r, c] = click;
    if (board[r][c] === 'M' {
        board[r][c] = 'X';
    }
    return board;
};
