// Attack: javac reads other sources only through its source path (the class path: its build
// folder), so this names classes whose files would lie in the judge's folders and the machine's
// (problems/, /etc) and hopes javac quotes them. Expected: CE, the packages do not exist.
class Solution {
    public char[][] updateBoard(char[][] board, int[] click) {
        Object a = new problems.minesweeper.reference();
        Object b = new etc.passwd();
        Object c = new root.bashrc();
        return board;
    }
}
