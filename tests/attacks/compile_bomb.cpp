// Attack: a small source that keeps the compiler busy for hours: 4096 instantiations of a variable
// template, each a separate constant evaluation of 16 million steps (just under GCC's limit of
// 2^25 per evaluation, so no single one is stopped). Expected: CE "compilation took longer than N s".
constexpr long long jdg_spin(long long seed) {
    long long s = seed;
    for (long long i = 0; i < 4000; ++i)
        for (long long j = 0; j < 4000; ++j)
            s += (i ^ j ^ s) & 1;
    return s;
}

template <long long N>
constexpr long long jdg_spun = jdg_spin(N);

template <long long... N>
long long jdg_all(std::integer_sequence<long long, N...>) {
    return (jdg_spun<N> + ...);
}

class Solution {
public:
    vector<vector<char>> updateBoard(vector<vector<char>>& board, vector<int>& click) {
        board[0][0] += jdg_all(std::make_integer_sequence<long long, 4096>()) & 1;
        return board;
    }
};
