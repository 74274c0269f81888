func rotate(matrix [][]int) {
    n := len(matrix)
    for i := 0; i < n; i++ {
        for j := i + 1; j < n; j++ {
            matrix[i][j], matrix[j][i] = matrix[j][i], matrix[i][j]
        }
    }
    for _, row := range matrix {
        for a, b := 0, n-1; a < b; a, b = a+1, b-1 {
            row[a], row[b] = row[b], row[a]
        }
    }
}
