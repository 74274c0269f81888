// Compile error: an unclosed brace.
function findOrder(numCourses: number, prerequisites: number[][]): number[] {
    const order: number[] = [];
    for (let i = 0; i < numCourses; i++) {
        order.push(i);
    return order;
