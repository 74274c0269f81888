class Solution {
public:
    vector<vector<string>> groupAnagrams(vector<string>& strs) {
        map<int, vector<string>> groups;
        for (auto& s : strs) {
            int key = 0;
            for (char c : s) key += c;
            groups[key].push_back(s);
        }
        vector<vector<string>> out;
        for (auto& [k, v] : groups) out.push_back(v);
        return out;
    }
};
