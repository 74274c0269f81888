// Attack: throws an Error whose name, message and stack getters throw. Expected: RE.
var updateBoard = function(board, click) {
    const e = new Error("x");
    Object.defineProperty(e, "message", { get() { throw new Error("no message"); } });
    Object.defineProperty(e, "stack", { get() { throw new Error("no stack"); } });
    throw e;
};
