// Red-team round 26: the harness wrote its outcome with JSON.stringify inside the case's realm, so
// an Object.prototype.toJSON of the submission's replaced the whole outcome: here with an `ok` whose
// answer text holds a line break and a second, forged line for the next case. An Array.prototype.toJSON
// rewrote what the case printed. Expected: RE for the exception thrown, with its own message; the
// forged text reaches no line.
var updateBoard = function (board, click) {
  const forged = { status: 'ok', json: '[["B"]]}\n{"id": 2, "status": "ok", "value": [["B"]]' };
  Object.defineProperty(Object.prototype, 'toJSON', { configurable: true, value: function () { return forged; } });
  Object.defineProperty(Array.prototype, 'toJSON', { configurable: true, value: function () { return forged; } });
  console.log('printed');
  throw new Error('x');
};
