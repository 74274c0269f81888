// Attack: throws an exception whose getMessage() and getStackTrace() throw while the server
// reports it. Expected: RE with a fallback message (not JE).
class Solution {
    static class Trap extends RuntimeException {
        @Override public String getMessage() { throw new IllegalStateException("no message"); }
        @Override public StackTraceElement[] getStackTrace() { throw new IllegalStateException("no trace"); }
    }

    public char[][] updateBoard(char[][] board, int[] click) {
        throw new Trap();
    }
}
