# Attack: answers a list nested 5,000 deep, past the judge's own recursion limit (json.loads
# recurses in C). Expected: WA, decided without recursing into it.
class Solution:
    def updateBoard(self, board: List[List[str]], click: List[int]) -> List[List[str]]:
        deep = []
        for _ in range(5000):
            deep = [deep]
        return deep
