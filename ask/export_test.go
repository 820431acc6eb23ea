package ask

// Seeds of the guard's fuzz target (guard_fuzz_test.go, package ask_test).
var (
	GuardAllowedForTest = guardAllowed
	GuardRefusedForTest = func() []string {
		var qs []string
		for _, c := range guardRefused {
			qs = append(qs, c.q)
		}
		return qs
	}()
)
