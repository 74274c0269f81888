function updateBoard(board: string[][], click: number[]): string[][] {
    const [r, c]: number[] = click;
    if (board[r][c] === 'M') {
        board[r][c] = 'X';
    return board;
}
