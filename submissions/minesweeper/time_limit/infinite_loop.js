function updateBoard(board, click) {
    let spins = 0;
    while (board.length > 0) spins++;
    return board;
}
