// Transpiles a TypeScript submission to solution.js with the project's own `typescript` package.
// Syntax only (transpileModule: no type check, so no 2-second program build per submission); a
// syntax error is reported as "solution.ts:LINE:COL: message" lines and exit code 1. Beside it,
// solution.lines.json: for each line of solution.js the line of solution.ts it came from (from the
// source map), so that a runtime error names the submission's own line (the printer drops types and
// interfaces, expands enums, and puts a one-line `if (...) return x;` on two lines).
'use strict';
const fs = require('fs');
const path = require('path');

const [tsPath, input, output] = process.argv.slice(2);
const ts = require(tsPath);
const source = fs.readFileSync(input, 'utf8');
const result = ts.transpileModule(source, {
  fileName: path.basename(input),
  reportDiagnostics: true,
  compilerOptions: {
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None, removeComments: false, sourceMap: true,
    // `import _ from "lodash"` (a CommonJS package) is the package itself, as with tsc --esModuleInterop
    // (without it `_` was undefined and the solution RE at its first use of it, red-team round 31)
    esModuleInterop: true,
  },
});
const errors = (result.diagnostics || []).filter((d) => d.category === ts.DiagnosticCategory.Error);
if (errors.length) {
  for (const d of errors) {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (d.file && d.start !== undefined) {
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      console.log(`${path.basename(input)}:${line + 1}:${character + 1}: error TS${d.code}: ${text}`);
    } else {
      console.log(`error TS${d.code}: ${text}`);
    }
  }
  process.exit(1);
}
// The source map's `mappings` (base64 VLQ): per generated line, segments of [column, source, line,
// column] deltas, the last three relative across lines. Kept: each generated line's first source line.
function originalLines(mappings) {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const lines = [];
  let source = 0;
  for (const row of mappings.split(';')) {
    let first = null;
    for (const segment of row.split(',')) {
      const fields = [];
      let value = 0, shift = 0;
      for (const ch of segment) {
        const d = digits.indexOf(ch);
        value += (d & 31) << shift;
        if (d & 32) { shift += 5; continue; }
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      if (fields.length >= 4) {
        source += fields[2];
        if (first === null) first = source + 1;
      }
    }
    lines.push(first);
  }
  return lines;
}
// The output without its `//# sourceMappingURL=` line: nothing serves that file.
fs.writeFileSync(output, result.outputText.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '\n'));
const map = result.sourceMapText ? JSON.parse(result.sourceMapText) : null;
fs.writeFileSync(output.replace(/\.js$/, '.lines.json'), JSON.stringify(map ? originalLines(map.mappings) : []));
