// Compile error: the entry point is misspelled (findOrders), so the judge finds no findOrder.
var findOrders = function(numCourses, prerequisites) {
    return Array.from({ length: numCourses }, (_, i) => i);
};
