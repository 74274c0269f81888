/**
 * @param {character[][]} board
 * @param {number[]} click
 * @return {character[][]}
 */
var updateBoard = function(board, click) {
    const m = board.length, n = board[0].length;
    const [r, c] = click;
    if (board[r][c] === 'M') {
        board[r][c] = 'X';
        return board;
    }
    const queue = [[r, c]];
    const seen = new Set([r * n + c]);
    for (let head = 0; head < queue.length; head++) {
        const [i, j] = queue[head];
        const next = [];
        let mines = 0;
        for (let di = -1; di <= 1; di++) {
            for (let dj = -1; dj <= 1; dj++) {
                const x = i + di, y = j + dj;
                if (x < 0 || x >= m || y < 0 || y >= n || (di === 0 && dj === 0)) continue;
                if (board[x][y] === 'M') mines++;
                else if (board[x][y] === 'E' && !seen.has(x * n + y)) next.push([x, y]);
            }
        }
        if (mines > 0) {
            board[i][j] = String(mines);
            continue;
        }
        board[i][j] = 'B';
        for (const [x, y] of next) {
            seen.add(x * n + y);
            queue.push([x, y]);
        }
    }
    return board;
};
