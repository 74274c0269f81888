// Attack: looks for a way out of its vm context to the harness's `process` (then `require`, files,
// the judge's pipes). It follows `.constructor.constructor` from everything it can reach: console
// and its methods, the global object and every global, their prototypes and descriptors, stack
// trace call sites, callers, what import() rejects with, and the errors thrown at the edge of the
// stack by the host's hooks. It prints what it reached (`reached {...}`) and returns the right
// board; with `process` in hand it prints the pid, reads a file and throws "LEAKED".
// Expected: AC, having reached no `process` and no writable realm of the host.
var importReason = 'not settled';
import('fs').then(() => { importReason = 'IMPORTED'; }, (e) => { importReason = e; });

// Errors thrown by a host's hook (node's stack-trace formatter) when it is entered with almost no
// stack left: the frames nearest the edge each try once. (import() there reaches the same realm.)
function edgeErrors() {
  const caught = [];
  let left = 0;
  function deep(n) {
    try {
      deep(n + 1);
    } catch (e) {
      if (left === 0) left = 150;
    }
    if (left > 0) {
      left--;
      try { void new Error('edge').stack; } catch (x) { caught.push(x); }
    }
  }
  deep(0);
  return caught;
}

function probe() {
  // `require` is the case's own (the libraries LeetCode offers): reached only if it gives node's fs.
  const nodeRequire = () => { try { return typeof require('fs').readFileSync === 'function'; } catch (e) { return false; } };
  const reached = { process: false, require: nodeRequire(), foreign: 0,
                    foreignProcess: false, foreignGlobals: [], foreignStash: false };
  const candidates = [console, console.log, globalThis, this, Object.getPrototypeOf(globalThis), importReason];
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    const d = Object.getOwnPropertyDescriptor(globalThis, name);
    candidates.push(d, d.value, d.get, d.set);
    try { candidates.push(Object.getPrototypeOf(d.value)); } catch (e) { /* a primitive */ }
  }
  for (const name of ['process', 'require', 'module', 'Buffer', 'global', 'setTimeout', 'fetch']) {
    if (typeof globalThis[name] !== 'undefined') candidates.push(globalThis[name]);
  }
  Error.prepareStackTrace = (e, sites) => sites;
  const sites = new Error('sites').stack;
  Error.prepareStackTrace = undefined;
  if (Array.isArray(sites)) {
    for (const s of sites) { try { candidates.push(s.getThis(), s.getFunction()); } catch (e) { /* strict */ } }
  }
  try { candidates.push(updateBoard.caller, probe.caller); } catch (e) { /* strict caller */ }
  candidates.push(...edgeErrors());
  for (const c of candidates) {
    if (c === null || (typeof c !== 'object' && typeof c !== 'function')) continue;
    let F;
    try { F = c.constructor.constructor; } catch (e) { continue; }
    if (typeof F !== 'function' || F === Function) continue;
    reached.foreign++;
    try {
      const p = F('return typeof process === "object" ? process : null')();
      if (p) reached.foreignProcess = reached.process = p.pid;
    } catch (e) { /* nothing there */ }
    try {
      const g = F('return this')();
      const own = Object.getOwnPropertyNames(g).filter((n) => !(n in globalThis) || n === 'console');
      reached.foreignGlobals = [...new Set([...reached.foreignGlobals, ...own])];
      F.prototype.stashedByASubmission = 1;
      reached.foreignStash = reached.foreignStash || F.prototype.stashedByASubmission === 1;
    } catch (e) { /* frozen */ }
  }
  if (typeof process !== 'undefined') reached.process = process.pid;
  return reached;
}

var updateBoard = function (board, click) {
  const reached = probe();
  reached.importReason = typeof importReason === 'string' ? importReason : 'an object: ' + String(importReason);
  console.log('reached ' + JSON.stringify(reached));
  if (reached.process) {
    let text = '';
    try { text = globalThis.constructor.constructor('return process')().mainModule.require('fs').readFileSync('/etc/passwd', 'utf8'); } catch (e) { /* still */ }
    throw new Error(`LEAKED process ${reached.process}: ${text.slice(0, 40)}`);
  }
  return solve(board, click);
};

function solve(board, [r, c]) {
  const rows = board.length, cols = board[0].length;
  if (board[r][c] === 'M') { board[r][c] = 'X'; return board; }
  const todo = [[r, c]];
  while (todo.length) {
    const [y, x] = todo.pop();
    if (board[y][x] !== 'E') continue;
    const near = [];
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const ny = y + dy, nx = x + dx;
      if ((dy || dx) && ny >= 0 && ny < rows && nx >= 0 && nx < cols) near.push([ny, nx]);
    }
    const mines = near.filter(([ny, nx]) => board[ny][nx] === 'M').length;
    board[y][x] = mines ? String(mines) : 'B';
    if (!mines) todo.push(...near.filter(([ny, nx]) => board[ny][nx] === 'E'));
  }
  return board;
}
