// Attack: pulls a file of the judge's machine into the program by its absolute path (a triple-slash
// reference and an import; the test writes the path in), then prints it. Expected: nothing of the
// file in the report (the transpiler reads no other file, and its box shows none).
/// <reference path="@@TARGET@@" />
import * as leak from "@@TARGET@@";

function updateBoard(board: string[][], click: number[]): string[][] {
    console.log(JSON.stringify(leak));
    return board;
}
