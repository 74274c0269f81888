// Attack: a lone surrogate in one square (JSON.stringify writes it as \ud800). Expected: WA.
var updateBoard = function(board, click) {
    board[0][0] = "\uD800";
    return board;
};
