// Attack: reads a file with node's `require`, as if it ran in node's own module scope.
// Expected: RE "ReferenceError: require is not defined": a case has no `require` (nor `process`).
var updateBoard = function (board, click) {
  const secret = require('fs').readFileSync('/etc/passwd', 'utf8');
  console.log('LEAKED ' + secret.slice(0, 40));
  return board;
};
