package solution

// A Mode is a way of containing the processes of a run.
type Mode uint8

// Modes.
const (
	ModeGroup     Mode = iota // the program's process group only (not Linux)
	ModeSubreaper             // the process group, then what gamels adopted
	ModeCgroup                // a cgroup of its own, killed whole
)

func (m Mode) String() string {
	return [...]string{"process group", "subreaper", "cgroup"}[m]
}
