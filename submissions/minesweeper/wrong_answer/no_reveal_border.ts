// Reveals blanks but leaves the digit squares at the border of the opened area hidden.
function updateBoard(board: string[][], click: number[]): string[][] {
    const [r, c] = click;
    if (board[r][c] === 'M') {
        board[r][c] = 'X';
        return board;
    }
    const mines = (i: number, j: number): number => {
        let k = 0;
        for (let x = i - 1; x <= i + 1; x++)
            for (let y = j - 1; y <= j + 1; y++)
                if (board[x]?.[y] === 'M') k++;
        return k;
    };
    if (mines(r, c) > 0) {
        board[r][c] = String(mines(r, c));
        return board;
    }
    const stack: number[][] = [[r, c]];
    while (stack.length) {
        const [i, j] = stack.pop()!;
        if (board[i]?.[j] !== 'E' || mines(i, j) > 0) continue;
        board[i][j] = 'B';
        for (let x = i - 1; x <= i + 1; x++)
            for (let y = j - 1; y <= j + 1; y++) stack.push([x, y]);
    }
    return board;
}
