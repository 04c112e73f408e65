//go:build !(js && wasm)

package solve

// yieldHost is a no-op where goroutines are preempted and run in
// parallel (see yield_js.go).
func yieldHost() {}
