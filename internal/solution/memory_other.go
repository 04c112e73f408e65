//go:build !linux

package solution

func limitMemory(pid int, n int64) {}
