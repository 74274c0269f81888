// Serves one Go submission's cases inside the box. Protocol: see judge/sandbox/protocol.py.
// The Go runtime cannot fork, so one process serves every case (package-level variables persist);
// each call runs on its own goroutine with a recover. CPU time is the process's rusage delta; a case
// over the CPU limit, or over the memory limit (heap bytes, polled; GOMEMLIMIT makes the GC try
// first), is answered, then the process exits and the judge starts a fresh one ("restart").
// Every name here starts with jx so it cannot clash with the submission's (same package main).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"syscall"
	"time"
)

type jxConfig struct {
	RequestFd    int     `json:"request_fd"`
	ResponseFd   int     `json:"response_fd"`
	CPULimit     float64 `json:"cpu_limit"`
	MemoryBytes  int64   `json:"memory_bytes"`
	OutputBytes  int     `json:"output_bytes"`
	Answer       string  `json:"answer"` // the answer's type: the return type, or the in-place parameter's
	InplaceIndex *int    `json:"inplace_index"`
	Params       []struct {
		Type string `json:"type"`
	} `json:"params"`
}

func main() {
	var cfg jxConfig
	if err := json.Unmarshal([]byte(os.Args[1]), &cfg); err != nil {
		fmt.Fprintln(os.Stderr, "bad config:", err)
		os.Exit(2)
	}
	// Not dumpable, and the judge's pipes closed on exec: a process the submission starts can neither
	// reopen them through /proc/<server>/fd nor inherit them. (Code of the submission itself runs in
	// this process and can still write them: only the judge's decoding and accounting stop that.)
	syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_DUMPABLE, 0, 0)
	syscall.CloseOnExec(cfg.RequestFd)
	syscall.CloseOnExec(cfg.ResponseFd)
	debug.SetMemoryLimit(cfg.MemoryBytes)
	// A quarter of the memory limit at most (Go's default is 1 GiB; growing copies the stack): runaway
	// recursion then ends in "stack overflow" (RE, as on LeetCode), not at the memory limit (MLE).
	maxStack := int64(1 << 30)
	if cfg.MemoryBytes/4 < maxStack {
		maxStack = cfg.MemoryBytes / 4
	}
	debug.SetMaxStack(int(maxStack))
	in := bufio.NewReaderSize(os.NewFile(uintptr(cfg.RequestFd), "request"), 1<<20)
	out := os.NewFile(uintptr(cfg.ResponseFd), "response")
	jxSend(out, map[string]any{"status": "ready"})
	for {
		line, err := in.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			answer := jxServe(&cfg, line)
			jxSend(out, answer)
			if answer["restart"] == true {
				os.Exit(0)
			}
		}
		if err != nil {
			return
		}
	}
}

func jxSend(out *os.File, message map[string]any) {
	data, err := json.Marshal(message)
	if err != nil {
		data = []byte(`{"status":"harness_error","message":"cannot encode the answer"}`)
	}
	out.Write(append(data, '\n'))
}

func jxCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func jxPeakKb() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Maxrss
}

var jxHeap = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

func jxHeapBytes() int64 {
	metrics.Read(jxHeap)
	if jxHeap[0].Value.Kind() == metrics.KindUint64 {
		return int64(jxHeap[0].Value.Uint64())
	}
	return 0
}

func jxServe(cfg *jxConfig, line []byte) map[string]any {
	var request struct {
		ID   int64             `json:"id"`
		Args []json.RawMessage `json:"args"`
	}
	answer := map[string]any{}
	if err := json.Unmarshal(line, &request); err != nil {
		return map[string]any{"status": "harness_error", "message": err.Error()}
	}
	done := make(chan map[string]any, 1)
	start := jxCPU()
	go func() {
		answered := false
		defer func() {
			// fmt.Sprint recovers from a panicking Error or String method of the panic value itself.
			r := recover()
			if answered {
				return
			}
			message := "panic(nil) or runtime.Goexit: the call ended without returning"
			if r != nil {
				message = jxShort(fmt.Sprint(r))
			}
			done <- map[string]any{"status": "exception", "type": "panic", "message": message,
				"where": jxWhere(string(debug.Stack()))}
		}()
		args := make([]reflect.Value, len(request.Args))
		for i, raw := range request.Args {
			// Numbers stay their text (json.Number): a long past 2^53 would not survive a float64.
			var v any
			decoder := json.NewDecoder(strings.NewReader(string(raw)))
			decoder.UseNumber()
			decoder.Decode(&v)
			args[i] = jxFrom(v, cfg.Params[i].Type)
		}
		results := reflect.ValueOf(jxEntry).Call(args)
		var value reflect.Value
		if len(results) > 0 {
			value = results[0]
		}
		if (!value.IsValid() || (value.Kind() == reflect.Slice && value.IsNil())) && cfg.InplaceIndex != nil && len(results) == 0 {
			value = args[*cfg.InplaceIndex]
		}
		done <- map[string]any{"status": "ok", "value": jxTo(value, cfg.Answer)}
		answered = true
	}()
	limit := time.Duration(cfg.CPULimit * float64(time.Second))
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for answer = nil; answer == nil; {
		select {
		case answer = <-done:
		case <-tick.C:
			if jxCPU()-start > limit {
				answer = map[string]any{"status": "timeout", "restart": true}
			} else if jxHeapBytes() > cfg.MemoryBytes {
				answer = map[string]any{"status": "memory", "restart": true}
			}
		}
	}
	used := jxCPU() - start
	if answer["status"] == "ok" {
		if used > limit {
			answer = map[string]any{"status": "timeout"}
		} else if data, _ := json.Marshal(answer["value"]); len(data) > cfg.OutputBytes {
			answer = map[string]any{"status": "output_limit"}
		}
	}
	answer["id"] = request.ID
	answer["cpu_ms"] = float64(used.Microseconds()) / 1000
	answer["mem_kb"] = jxPeakKb()
	return answer
}

func jxShort(s string) string {
	if len(s) > 300 {
		return s[:300]
	}
	return s
}

// jxWhere finds the deepest frame in the submission: "line N in FUNCTION".
func jxWhere(stack string) string {
	lines := strings.Split(stack, "\n")
	for i := 1; i < len(lines); i++ {
		at := strings.TrimSpace(lines[i])
		if strings.HasPrefix(at, "solution.go:") {
			number := strings.SplitN(strings.TrimPrefix(at, "solution.go:"), " ", 2)[0]
			fn := lines[i-1]
			if p := strings.LastIndex(fn, "("); p > 0 {
				fn = fn[:p]
			}
			fn = strings.TrimPrefix(fn, "main.")
			return "line " + number + " in " + fn
		}
	}
	return ""
}

// Neutral type -> Go type: int long double bool char string and slices of them, for any problem.
func jxType(neutral string) reflect.Type {
	scalar := strings.ReplaceAll(strings.TrimSpace(neutral), "[]", "")
	depth := strings.Count(neutral, "[]")
	var t reflect.Type
	switch scalar {
	case "int":
		t = reflect.TypeOf(int(0))
	case "long":
		t = reflect.TypeOf(int64(0))
	case "double":
		t = reflect.TypeOf(float64(0))
	case "bool":
		t = reflect.TypeOf(false)
	case "char":
		t = reflect.TypeOf(byte(0))
	default:
		t = reflect.TypeOf("")
	}
	for i := 0; i < depth; i++ {
		t = reflect.SliceOf(t)
	}
	return t
}

func jxFrom(v any, neutral string) reflect.Value {
	return jxBuild(v, jxType(neutral))
}

func jxBuild(v any, t reflect.Type) reflect.Value {
	if t.Kind() == reflect.Slice {
		items, _ := v.([]any)
		out := reflect.MakeSlice(t, len(items), len(items))
		for i, item := range items {
			out.Index(i).Set(jxBuild(item, t.Elem()))
		}
		return out
	}
	switch t.Kind() {
	case reflect.Uint8:
		s, _ := v.(string)
		if s == "" {
			return reflect.ValueOf(byte(0))
		}
		return reflect.ValueOf(s[0])
	case reflect.String:
		s, _ := v.(string)
		return reflect.ValueOf(s)
	case reflect.Bool:
		b, _ := v.(bool)
		return reflect.ValueOf(b)
	case reflect.Float64:
		n, _ := v.(json.Number)
		f, _ := n.Float64()
		return reflect.ValueOf(f)
	default: // int, int64: from the number's digits, exactly
		n, _ := v.(json.Number)
		if i, err := n.Int64(); err == nil {
			return reflect.ValueOf(i).Convert(t)
		}
		f, _ := n.Float64()
		return reflect.ValueOf(f).Convert(t)
	}
}

// jxTo turns the answer into JSON data; a byte of a char type is a one-character string.
func jxTo(v reflect.Value, neutral string) any {
	if !v.IsValid() {
		return nil
	}
	char := strings.HasPrefix(strings.TrimSpace(neutral), "char")
	switch v.Kind() {
	case reflect.Slice, reflect.Array:
		// A nil slice is Go's empty slice (len 0, append works): LeetCode prints it as [], so do we.
		out := make([]any, v.Len())
		for i := range out {
			out[i] = jxTo(v.Index(i), neutral)
		}
		return out
	case reflect.Uint8, reflect.Int32:
		if char {
			return string(rune(v.Convert(reflect.TypeOf(int64(0))).Int()))
		}
	case reflect.Interface, reflect.Pointer:
		return jxTo(v.Elem(), neutral)
	}
	return v.Interface()
}
