// Trusts a non-null assertion on a row that does not exist: TypeError on the bottom row.
function updateBoard(board: string[][], click: number[]): string[][] {
    const [r, c] = click;
    const below: string = board[r + 1]![c];
    board[r][c] = below === 'M' ? '1' : 'B';
    return board;
}
