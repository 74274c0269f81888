var updateBoard = function(board, click) {
    const copies = [];
    while (true) copies.push(new Array(1 << 16).fill(board.length + copies.length + 0.5));
};
