package main

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cpuSample is the CPU time used so far by this process and the server.
type cpuSample struct {
	at       time.Time
	self     time.Duration
	server   time.Duration
	serverOK bool
}

func sampleCPU(serverPID int) cpuSample {
	s := cpuSample{at: time.Now()}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		s.self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	if serverPID > 0 {
		s.server, s.serverOK = procCPU(serverPID)
	}
	return s
}

// clockTicks is USER_HZ, the unit of /proc/PID/stat's times: 100 on every
// Linux architecture Go supports.
const clockTicks = 100

// procCPU reads the user+system time of process pid from /proc/PID/stat.
func procCPU(pid int) (time.Duration, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	// The command name (field 2) may hold spaces: fields count from after ")".
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64) // field 14
	stime, err2 := strconv.ParseInt(f[12], 10, 64) // field 15
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * time.Second / clockTicks, true
}
