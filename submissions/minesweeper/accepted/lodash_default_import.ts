// Accepted: lodash by a default import, as tsc --esModuleInterop takes it (it was undefined, RE, until round 31).
import _ from 'lodash';

function updateBoard(board: string[][], click: number[]): string[][] {
    const res = _.cloneDeep(board);
    const m = res.length, n = res[0].length;
    const [r, c] = click;
    if (res[r][c] === 'M') { res[r][c] = 'X'; return res; }
    const st: number[][] = [[r, c]];
    while (st.length) {
        const [i, j] = st.pop()!;
        if (res[i][j] !== 'E') continue;
        const nb = _.flatMap(_.range(i - 1, i + 2), x => _.range(j - 1, j + 2).map(y => [x, y]))
            .filter(([x, y]) => x >= 0 && y >= 0 && x < m && y < n);
        const k = _.sumBy(nb, ([x, y]) => (res[x][y] === 'M' ? 1 : 0));
        if (k) { res[i][j] = String(k); continue; }
        res[i][j] = 'B';
        st.push(...nb.filter(([x, y]) => res[x][y] === 'E'));
    }
    return res;
}
