package parse

// SetFastPaths turns the byte-level move readers on or off, for tests
// that compare them with the general path.
func SetFastPaths(on bool) { fastPaths = on }
