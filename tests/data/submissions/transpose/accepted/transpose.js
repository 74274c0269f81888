var transpose = function(matrix) {
    return matrix[0].map((_, j) => matrix.map((row) => row[j]));
};
