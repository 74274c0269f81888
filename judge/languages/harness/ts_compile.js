// Transpiles a TypeScript submission to solution.js with the project's own `typescript` package.
// Syntax only (transpileModule: no type check, so no 2-second program build per submission); a
// syntax error is reported as "solution.ts:LINE:COL: message" lines and exit code 1.
'use strict';
const fs = require('fs');
const path = require('path');

const [tsPath, input, output] = process.argv.slice(2);
const ts = require(tsPath);
const source = fs.readFileSync(input, 'utf8');
const result = ts.transpileModule(source, {
  fileName: path.basename(input),
  reportDiagnostics: true,
  compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None, removeComments: false },
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
fs.writeFileSync(output, result.outputText);
