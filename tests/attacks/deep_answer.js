// Attack: answers an array nested 5,000 deep. Expected: WA, decided without recursing into it.
var updateBoard = function(board, click) {
    let deep = [];
    for (let i = 0; i < 5000; i++) deep = [deep];
    return deep;
};
