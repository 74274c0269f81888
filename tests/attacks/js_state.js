// Attack: keeps state from one case to the next. It leaves a mark in a global variable, on the
// global object, on the built-ins' prototypes, on console, and on whatever realm of the host it can
// reach (through the errors the host's hooks throw at the edge of the stack: its global and the
// prototypes above it), then looks for the marks of an earlier case. Expected: AC, every case seeing
// no mark: each case starts fresh.
var marks = typeof marks === 'undefined' ? [] : marks;

function hostRealms() {
  const found = [];
  let left = 0;
  function deep(n) {
    try {
      deep(n + 1);
    } catch (e) {
      if (left === 0) left = 100;
    }
    if (left > 0) {
      left--;
      try { void new Error('edge').stack; } catch (x) {
        try { if (x.constructor.constructor !== Function) found.push(x.constructor.constructor); } catch (y) { /* none */ }
      }
    }
  }
  deep(0);
  return [...new Set(found)];
}

function places() {
  const list = [
    ['global variable', { get: () => marks.length > 0, set: () => marks.push(1) }],
    ['global object', { get: () => globalThis.judgeMark === 1, set: () => { globalThis.judgeMark = 1; } }],
    ['console', { get: () => console.judgeMark === 1, set: () => { console.judgeMark = 1; } }],
  ];
  for (const [name, obj] of [['Object.prototype', Object.prototype], ['Array.prototype', Array.prototype],
    ['Function.prototype', Function.prototype], ['JSON', JSON], ['Math', Math], ['Error', Error]]) {
    list.push([name, { get: () => obj.judgeMark === 1, set: () => { obj.judgeMark = 1; } }]);
  }
  for (const F of hostRealms().slice(0, 3)) {
    for (const [name, code] of [['host Function.prototype', 'return Function.prototype'],
      ['host Object.prototype', 'return Object.prototype'], ['host global', 'return this']]) {
      let target;
      try { target = F(code)(); } catch (e) { continue; }
      list.push([name, { get: () => target.judgeMark === 1, set: () => { try { target.judgeMark = 1; } catch (e) { /* frozen */ } } }]);
    }
    // The host realm's RegExp legacy statics, which frozen intrinsics keep writable: its input set
    // directly, and its last match left by a match of the host's own (red-team round 26).
    let hostRegExp;
    try { hostRegExp = F('return RegExp')(); } catch (e) { hostRegExp = null; }
    if (hostRegExp !== null) {
      const R = hostRegExp;
      list.push(['host RegExp.input', { get: () => R.input === 'judgeMark', set: () => { try { R.input = 'judgeMark'; } catch (e) { /* none */ } } }]);
      list.push(['host RegExp.lastMatch', { get: () => R.lastMatch === 'judgeMatch',
        set: () => { try { F("/judgeMatch/.exec('a judgeMatch')")(); } catch (e) { /* none */ } } }]);
    }
    // The host global's own prototypes: the global itself is frozen, but each object above it is a
    // place of its own.
    let proto;
    try { proto = Object.getPrototypeOf(F('return this')()); } catch (e) { proto = null; }
    for (let depth = 0; proto !== null && depth < 8; depth++, proto = Object.getPrototypeOf(proto)) {
      const target = proto;
      list.push([`host global's prototype ${depth}`, { get: () => target.judgeMark === 1, set: () => { try { target.judgeMark = 1; } catch (e) { /* frozen */ } } }]);
    }
  }
  return list;
}

var updateBoard = function (board, click) {
  const list = places();
  const seen = list.filter(([, p]) => p.get()).map(([name]) => name);
  if (seen.length) throw new Error('LEAKED state from an earlier case: ' + seen.join(', '));
  for (const [, p] of list) p.set();
  console.log('marked ' + list.map(([name]) => name).join(', '));
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
