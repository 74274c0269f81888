// TypeScript importing a library LeetCode offers, and exporting its entry point: both work as there.
import { MinPriorityQueue } from '@datastructures-js/priority-queue';
export function updateBoard(board: string[][], click: number[]): string[][] {
    const pq = new MinPriorityQueue<number>();
    [3, 1, 2].forEach((x) => pq.enqueue(x));
    if (pq.dequeue() !== 1) throw new Error('priority queue');
    const m = board.length, n = board[0].length;
    const [r, c] = click;
    if (board[r][c] === "M") { board[r][c] = "X"; return board; }
    const dfs = (i, j) => {
        if (i < 0 || j < 0 || i >= m || j >= n || board[i][j] !== "E") return;
        let k = 0;
        for (let a = i - 1; a <= i + 1; a++) for (let b = j - 1; b <= j + 1; b++) if (board[a]?.[b] === "M") k++;
        if (k) { board[i][j] = String(k); return; }
        board[i][j] = "B";
        for (let a = i - 1; a <= i + 1; a++) for (let b = j - 1; b <= j + 1; b++) dfs(a, b);
    };
    dfs(r, c);
    return board;
}
