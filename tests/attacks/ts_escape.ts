// Attack: TypeScript reaching node's `process` through console's Function constructor, to print
// its pid and read a file. Expected: RE "ReferenceError: process is not defined": the Function it
// reaches is its own context's, where there is no `process`.
function updateBoard(board: string[][], click: number[]): string[][] {
    const host: any = (console.log as any).constructor.constructor('return process')();
    console.log('LEAKED pid ' + host.pid + ' ' + host.mainModule.require('fs').readFileSync('/etc/passwd', 'utf8'));
    return board;
}
