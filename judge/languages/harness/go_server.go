// Serves one Go submission's cases inside the box. Protocol: see judge/sandbox/protocol.py.
// The Go runtime cannot fork, so one process serves every case (package-level variables persist);
// each call runs on its own goroutine with a recover. CPU time is the process's rusage delta; a case
// over the CPU limit, or over the memory limit (heap bytes, polled; GOMEMLIMIT makes the GC try
// first), is answered, then the process exits and the judge starts a fresh one ("restart").
// Every name here, the imports too, starts with jx so it cannot clash with the submission's (same package
// main); `main` itself is the one the platform's driver owns as well.
package main

import (
	jxbufio "bufio"
	jxjson "encoding/json"
	jxfmt "fmt"
	jxos "os"
	jxreflect "reflect"
	jxdebug "runtime/debug"
	jxmetrics "runtime/metrics"
	jxstrings "strings"
	jxsyscall "syscall"
	jxtime "time"
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
	if err := jxjson.Unmarshal([]byte(jxos.Args[1]), &cfg); err != nil {
		jxfmt.Fprintln(jxos.Stderr, "bad config:", err)
		jxos.Exit(2)
	}
	// Not dumpable, and the judge's pipes closed on exec: a process the submission starts can neither
	// reopen them through /proc/<server>/fd nor inherit them. (Code of the submission itself runs in
	// this process and can still write them: only the judge's decoding and accounting stop that.)
	jxsyscall.RawSyscall(jxsyscall.SYS_PRCTL, jxsyscall.PR_SET_DUMPABLE, 0, 0)
	jxsyscall.CloseOnExec(cfg.RequestFd)
	jxsyscall.CloseOnExec(cfg.ResponseFd)
	jxdebug.SetMemoryLimit(cfg.MemoryBytes)
	// A quarter of the memory limit at most (Go's default is 1 GiB; growing copies the stack): runaway
	// recursion then ends in "stack overflow" (RE, as on LeetCode), not at the memory limit (MLE).
	maxStack := int64(1 << 30)
	if cfg.MemoryBytes/4 < maxStack {
		maxStack = cfg.MemoryBytes / 4
	}
	jxdebug.SetMaxStack(int(maxStack))
	in := jxbufio.NewReaderSize(jxos.NewFile(uintptr(cfg.RequestFd), "request"), 1<<20)
	out := jxos.NewFile(uintptr(cfg.ResponseFd), "response")
	jxSend(out, map[string]any{"status": "ready"})
	for {
		line, err := in.ReadBytes('\n')
		if len(jxstrings.TrimSpace(string(line))) > 0 {
			answer := jxServe(&cfg, line)
			jxSend(out, answer)
			if answer["restart"] == true {
				jxos.Exit(0)
			}
		}
		if err != nil {
			return
		}
	}
}

func jxSend(out *jxos.File, message map[string]any) {
	data, err := jxjson.Marshal(message)
	if err != nil {
		data = []byte(`{"status":"harness_error","message":"cannot encode the answer"}`)
	}
	out.Write(append(data, '\n'))
}

func jxCPU() jxtime.Duration {
	var ru jxsyscall.Rusage
	jxsyscall.Getrusage(jxsyscall.RUSAGE_SELF, &ru)
	return jxtime.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func jxPeakKb() int64 {
	var ru jxsyscall.Rusage
	jxsyscall.Getrusage(jxsyscall.RUSAGE_SELF, &ru)
	return ru.Maxrss
}

var jxHeap = []jxmetrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

func jxHeapBytes() int64 {
	jxmetrics.Read(jxHeap)
	if jxHeap[0].Value.Kind() == jxmetrics.KindUint64 {
		return int64(jxHeap[0].Value.Uint64())
	}
	return 0
}

func jxServe(cfg *jxConfig, line []byte) map[string]any {
	var request struct {
		ID   int64             `json:"id"`
		Args []jxjson.RawMessage `json:"args"`
	}
	answer := map[string]any{}
	if err := jxjson.Unmarshal(line, &request); err != nil {
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
			sent := false
			defer func() {
				// A panic value whose Error or String method calls runtime.Goexit ends this goroutine inside
				// Sprint (fmt recovers a panic there, not a Goexit): the case still answers, at once.
				if !sent {
					done <- map[string]any{"status": "exception", "type": "panic",
						"message": "a panic whose value's Error or String method ended the goroutine (runtime.Goexit)"}
				}
			}()
			message := "panic(nil) or runtime.Goexit: the call ended without returning"
			if r != nil {
				message = jxShort(jxfmt.Sprint(r))
			}
			done <- map[string]any{"status": "exception", "type": "panic", "message": message,
				"where": jxWhere(string(jxdebug.Stack()))}
			sent = true
		}()
		args := make([]jxreflect.Value, len(request.Args))
		for i, raw := range request.Args {
			// Numbers stay their text (json.Number): a long past 2^53 would not survive a float64.
			var v any
			decoder := jxjson.NewDecoder(jxstrings.NewReader(string(raw)))
			decoder.UseNumber()
			decoder.Decode(&v)
			args[i] = jxFrom(v, cfg.Params[i].Type)
		}
		results := jxreflect.ValueOf(jxEntry).Call(args)
		var value jxreflect.Value
		if len(results) > 0 {
			value = results[0]
		}
		if (!value.IsValid() || (value.Kind() == jxreflect.Slice && value.IsNil())) && cfg.InplaceIndex != nil && len(results) == 0 {
			value = args[*cfg.InplaceIndex]
		}
		done <- map[string]any{"status": "ok", "value": jxTo(value, cfg.Answer)}
		answered = true
	}()
	limit := jxtime.Duration(cfg.CPULimit * float64(jxtime.Second))
	tick := jxtime.NewTicker(2 * jxtime.Millisecond)
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
		} else if data, _ := jxjson.Marshal(answer["value"]); len(data) > cfg.OutputBytes {
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
	lines := jxstrings.Split(stack, "\n")
	for i := 1; i < len(lines); i++ {
		at := jxstrings.TrimSpace(lines[i])
		if jxstrings.HasPrefix(at, "solution.go:") {
			number := jxstrings.SplitN(jxstrings.TrimPrefix(at, "solution.go:"), " ", 2)[0]
			fn := lines[i-1]
			if p := jxstrings.LastIndex(fn, "("); p > 0 {
				fn = fn[:p]
			}
			fn = jxstrings.TrimPrefix(fn, "main.")
			return "line " + number + " in " + fn
		}
	}
	return ""
}

// Neutral type -> Go type: int long double bool char string and slices of them, for any problem.
func jxType(neutral string) jxreflect.Type {
	scalar := jxstrings.ReplaceAll(jxstrings.TrimSpace(neutral), "[]", "")
	depth := jxstrings.Count(neutral, "[]")
	var t jxreflect.Type
	switch scalar {
	case "int":
		t = jxreflect.TypeOf(int(0))
	case "long":
		t = jxreflect.TypeOf(int64(0))
	case "double":
		t = jxreflect.TypeOf(float64(0))
	case "bool":
		t = jxreflect.TypeOf(false)
	case "char":
		t = jxreflect.TypeOf(byte(0))
	default:
		t = jxreflect.TypeOf("")
	}
	for i := 0; i < depth; i++ {
		t = jxreflect.SliceOf(t)
	}
	return t
}

func jxFrom(v any, neutral string) jxreflect.Value {
	return jxBuild(v, jxType(neutral))
}

func jxBuild(v any, t jxreflect.Type) jxreflect.Value {
	if t.Kind() == jxreflect.Slice {
		items, _ := v.([]any)
		out := jxreflect.MakeSlice(t, len(items), len(items))
		for i, item := range items {
			out.Index(i).Set(jxBuild(item, t.Elem()))
		}
		return out
	}
	switch t.Kind() {
	case jxreflect.Uint8:
		s, _ := v.(string)
		if s == "" {
			return jxreflect.ValueOf(byte(0))
		}
		return jxreflect.ValueOf(s[0])
	case jxreflect.String:
		s, _ := v.(string)
		return jxreflect.ValueOf(s)
	case jxreflect.Bool:
		b, _ := v.(bool)
		return jxreflect.ValueOf(b)
	case jxreflect.Float64:
		n, _ := v.(jxjson.Number)
		f, _ := n.Float64()
		return jxreflect.ValueOf(f)
	default: // int, int64: from the number's digits, exactly
		n, _ := v.(jxjson.Number)
		if i, err := n.Int64(); err == nil {
			return jxreflect.ValueOf(i).Convert(t)
		}
		f, _ := n.Float64()
		return jxreflect.ValueOf(f).Convert(t)
	}
}

// jxTo turns the answer into JSON data; a byte of a char type is a one-character string.
func jxTo(v jxreflect.Value, neutral string) any {
	if !v.IsValid() {
		return nil
	}
	char := jxstrings.HasPrefix(jxstrings.TrimSpace(neutral), "char")
	switch v.Kind() {
	case jxreflect.Slice, jxreflect.Array:
		// A nil slice is Go's empty slice (len 0, append works): LeetCode prints it as [], so do we.
		out := make([]any, v.Len())
		for i := range out {
			out[i] = jxTo(v.Index(i), neutral)
		}
		return out
	case jxreflect.Uint8, jxreflect.Int32:
		if char {
			return string(rune(v.Convert(jxreflect.TypeOf(int64(0))).Int()))
		}
	case jxreflect.Interface, jxreflect.Pointer:
		return jxTo(v.Elem(), neutral)
	}
	return v.Interface()
}
