// Attack: reads a file with node's `require`, as if it ran in node's own module scope.
// Expected: RE "Error: Cannot find module 'fs'": a case's `require` gives only the libraries LeetCode
// offers (lodash, @datastructures-js), loaded in its own context; there is no `process` either.
var updateBoard = function (board, click) {
  const secret = require('fs').readFileSync('/etc/passwd', 'utf8');
  console.log('LEAKED ' + secret.slice(0, 40));
  return board;
};
