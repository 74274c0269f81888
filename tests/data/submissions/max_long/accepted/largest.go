func largest(nums []int64, floor int64) int64 {
    best := floor
    for _, x := range nums {
        if x > best {
            best = x
        }
    }
    return best
}
