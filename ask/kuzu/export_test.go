package kuzu

// KillChildForTest kills b's child process from outside and waits for it
// to end, as a crash or the OOM killer would.
func KillChildForTest(b *Box) error {
	b.turn <- struct{}{}
	defer func() { <-b.turn }()
	if b.child == nil {
		return nil
	}
	if err := b.child.cmd.Process.Kill(); err != nil {
		return err
	}
	b.child.wait()
	return nil
}
