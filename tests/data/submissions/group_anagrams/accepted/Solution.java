class Solution {
    public List<List<String>> groupAnagrams(String[] strs) {
        Map<String, List<String>> map = new HashMap<>();
        for (String s : strs) {
            char[] ca = s.toCharArray();
            Arrays.sort(ca);
            map.computeIfAbsent(String.valueOf(ca), k -> new ArrayList<>()).add(s);
        }
        return new ArrayList<>(map.values());
    }
}
