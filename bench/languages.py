"""The judge's time for compiled submissions against the solution's own run time (the floor).

For the accepted C++, Java, Go and JavaScript BFS submissions, over the fixed cases plus N random valid boards
(the package generator's, as `judge grade --fuzz N --seed S` draws them), it measures
  judge: `execute()` over all inputs (server start, every case over the protocol; compile cached)
  floor: a tiny driver in the same language that loads every board and calls updateBoard in a loop,
         timed inside the process (no process start, no protocol)
Usage: python3 bench/languages.py [--boards 1000] [--seed 529] [--languages cpp java go javascript]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge import languages  # noqa: E402
from judge.grading import fuzz  # noqa: E402
from judge.grading.grade import Options, execute  # noqa: E402
from judge.languages.cpp import PRELUDE as CPP_PRELUDE  # noqa: E402
from judge.languages.go import prelude as go_prelude  # noqa: E402
from judge.languages.java import IMPORTS as JAVA_IMPORTS  # noqa: E402
from judge.problems.cases import load_cases  # noqa: E402
from judge.problems.problem import load_problem  # noqa: E402

SUBMISSIONS = {
    "cpp": ROOT / "submissions/minesweeper/accepted/bfs.cpp",
    "java": ROOT / "submissions/minesweeper/accepted/bfs_public_class.java",
    "go": ROOT / "submissions/minesweeper/accepted/bfs.go",
    "javascript": ROOT / "submissions/minesweeper/accepted/bfs_var.js",
}


def write_inputs(inputs: list[list], path: Path) -> None:
    """One case per block: `m n r c`, then m rows."""
    with path.open("w") as f:
        f.write(f"{len(inputs)}\n")
        for board, (r, c) in inputs:
            f.write(f"{len(board)} {len(board[0])} {r} {c}\n")
            f.writelines("".join(row) + "\n" for row in board)


CPP_DRIVER = """
int main(int argc, char** argv) {
    ifstream in(argv[1]); int k; in >> k;
    vector<vector<vector<char>>> boards(k); vector<vector<int>> clicks(k);
    for (int t = 0; t < k; t++) { int m, n, r, c; in >> m >> n >> r >> c; clicks[t] = {r, c};
        for (int i = 0; i < m; i++) { string s; in >> s; boards[t].emplace_back(s.begin(), s.end()); } }
    auto start = chrono::steady_clock::now(); long check = 0;
    for (int t = 0; t < k; t++) {
        Solution s; auto b = boards[t]; auto out = s.updateBoard(b, clicks[t]); check += out[0][0]; }
    printf("%.3f %ld\\n", chrono::duration<double, milli>(chrono::steady_clock::now() - start).count(), check);
}
"""

JAVA_DRIVER = """
class Driver {
    public static void main(String[] a) throws Exception {
        BufferedReader in = new BufferedReader(new FileReader(a[0]));
        int k = Integer.parseInt(in.readLine().trim());
        char[][][] boards = new char[k][][]; int[][] clicks = new int[k][];
        for (int t = 0; t < k; t++) { String[] h = in.readLine().trim().split(" ");
            int m = Integer.parseInt(h[0]); clicks[t] = new int[]{Integer.parseInt(h[2]), Integer.parseInt(h[3])};
            boards[t] = new char[m][]; for (int i = 0; i < m; i++) boards[t][i] = in.readLine().toCharArray(); }
        long start = System.nanoTime(); long check = 0;
        for (int t = 0; t < k; t++) { char[][] b = new char[boards[t].length][];
            for (int i = 0; i < b.length; i++) b[i] = boards[t][i].clone();
            check += new Solution().updateBoard(b, clicks[t])[0][0]; }
        System.out.printf("%.3f %d%n", (System.nanoTime() - start) / 1e6, check);
    }
}
"""

GO_DRIVER = """package main

import ("bufio"; "fmt"; "os"; "time")

func main() {
	f, _ := os.Open(os.Args[1]); in := bufio.NewReader(f); var k int; fmt.Fscan(in, &k)
	boards := make([][][]byte, k); clicks := make([][]int, k)
	for t := 0; t < k; t++ { var m, n, r, c int; fmt.Fscan(in, &m, &n, &r, &c); clicks[t] = []int{r, c}
		for i := 0; i < m; i++ { var s string; fmt.Fscan(in, &s); boards[t] = append(boards[t], []byte(s)) } }
	start := time.Now(); check := 0
	for t := 0; t < k; t++ { b := make([][]byte, len(boards[t]))
		for i := range b { b[i] = append([]byte(nil), boards[t][i]...) }
		check += int(updateBoard(b, clicks[t])[0][0]) }
	fmt.Printf("%.3f %d\\n", float64(time.Since(start).Microseconds())/1000, check)
}
"""

JS_DRIVER = """
{
    const lines = require('fs').readFileSync(process.argv[2], 'utf8').split('\\n');
    const k = Number(lines[0]); const boards = []; const clicks = []; let at = 1;
    for (let t = 0; t < k; t++) { const [m, n, r, c] = lines[at++].split(' ').map(Number); clicks.push([r, c]);
        boards.push(lines.slice(at, at + m).map((row) => row.split(''))); at += m; }
    const start = process.hrtime.bigint(); let check = 0;
    for (let t = 0; t < k; t++) {
        check += updateBoard(boards[t].map((row) => row.slice()), clicks[t])[0][0].charCodeAt(0); }
    console.log((Number(process.hrtime.bigint() - start) / 1e6).toFixed(3), check);
}
"""


def floor_ms(lang: str, source: Path, data: Path, work: Path) -> float:
    """Compile the driver with the solution (as the judge's flags) and return its in-process loop time."""
    text = source.read_text()
    if lang == "cpp":
        (work / "d.cpp").write_text(CPP_PRELUDE + text + CPP_DRIVER)
        subprocess.run(["g++", "-std=gnu++20", "-O2", "-w", "-o", work / "d", work / "d.cpp"], check=True)
        cmd = [str(work / "d"), str(data)]
    elif lang == "java":
        (work / "Solution.java").write_text(JAVA_IMPORTS + text)
        (work / "Driver.java").write_text(JAVA_IMPORTS + JAVA_DRIVER)
        subprocess.run(["javac", "-nowarn", "-d", work, work / "Solution.java", work / "Driver.java"], check=True)
        cmd = ["java", "-Xmx256m", "-XX:+UseSerialGC", "-cp", str(work), "Driver", str(data)]
    elif lang == "javascript":
        (work / "d.js").write_text(text + "\n" + JS_DRIVER)
        cmd = ["node", str(work / "d.js"), str(data)]
    else:
        (work / "solution.go").write_text(go_prelude(text) + "\n" + text)
        (work / "driver.go").write_text(GO_DRIVER)
        env = {"PATH": "/usr/bin:/bin", "HOME": str(work), "GOCACHE": str(work / "gocache"), "GO111MODULE": "off",
               "CGO_ENABLED": "0"}
        subprocess.run(["go", "build", "-o", work / "d", work / "solution.go", work / "driver.go"], check=True,
                       env=env)
        cmd = [str(work / "d"), str(data)]
    return float(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.split()[0])


def main() -> None:
    """Print, per language, the judge's time and the floor over the same inputs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=529)
    parser.add_argument("--languages", nargs="+", choices=sorted(SUBMISSIONS), default=list(SUBMISSIONS))
    args = parser.parse_args()
    problem = load_problem("minesweeper")
    # The same random boards `judge grade --fuzz N --seed S` draws, with the reference's answers.
    cases = load_cases(problem) + fuzz.random_cases(problem, args.boards, args.seed)
    inputs = [c.arg_list(problem) for c in cases]
    expected = [c.expected for c in cases]
    print(f"{len(inputs)} inputs ({len(inputs) - args.boards} fixed cases + {args.boards} random boards, "
          f"seed {args.seed})")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "inputs.txt"
        write_inputs(inputs, data)
        for lang in args.languages:
            source = SUBMISSIONS[lang]
            execute(problem, source, inputs[:1], Options(), languages.by_name(lang))  # warm the compile cache
            started = time.perf_counter()
            run = execute(problem, source, inputs, Options(), languages.by_name(lang))
            judge_ms = (time.perf_counter() - started) * 1000
            wrong = sum(r is None or r.verdict is not None or r.value != e
                        for r, e in zip(run.outcomes, expected, strict=False))  # no outcomes when it fails to compile
            cpu = sum(r.cpu_ms or 0 for r in run.outcomes if r)
            work = Path(tmp) / lang
            work.mkdir()
            floor = floor_ms(lang, source, data, work)
            print(f"{lang:10} judge {judge_ms:8.0f} ms ({judge_ms / len(inputs):.2f} ms/case; cases' own CPU "
                  f"{cpu:.0f} ms)   floor {floor:7.1f} ms ({floor / len(inputs) * 1000:.0f} us/case)   "
                  f"ratio {judge_ms / max(floor, 0.001):.0f}x   wrong answers: {wrong}")


if __name__ == "__main__":
    main()
