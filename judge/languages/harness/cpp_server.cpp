// Serves one C++ submission's cases inside the box: compiled once, a forked child per case.
// Protocol: see judge/sandbox/protocol.py. This is the server, a program of its own; the submission is
// solution.so, built from main.cpp: the platform's implicit `#include <bits/stdc++.h>` / `using
// namespace std;`, cpp_values.h, cpp_case.h, the submission, then the generated glue, which converts
// the neutral arguments with jdg::conv<T>, calls the entry point and defines jdg_case(), the one
// function this file calls there. Each case's child loads the library (dlopen) after the fork, so no
// code of the submission (its static initialisers included) ever runs in the server, and none of its
// macros or names reaches this file.
#include "cpp_values.h"

#include <climits>
#include <csignal>
#include <cstring>
#include <dlfcn.h>
#include <elf.h>
#include <iostream>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>

// The glue's (main.cpp, in solution.so): one case's outcome as JSON, from its request line.
using CaseFn = std::string (*)(const std::string&);

// The sanitizers LeetCode builds with (AddressSanitizer, UndefinedBehaviorSanitizer): a read past a
// vector's end or a signed overflow ends the case, as there, instead of passing by luck. Each ends a
// case with its own exit code, which the server names (describe()); its report goes to stderr, the
// case's output. Leak checks are off (solutions free nothing, and a case ends by _exit); freed memory
// waits in a small quarantine, so that what a case holds stays close to what it uses.
extern "C" const char* __asan_default_options() {
    return "exitcode=86:detect_leaks=0:quarantine_size_mb=16:malloc_context_size=5";
}
extern "C" const char* __ubsan_default_options() { return "exitcode=87:print_stacktrace=0:halt_on_error=1"; }
// Called with AddressSanitizer's report before it ends the process (absent without the sanitizer).
extern "C" void __asan_set_error_report_callback(void (*callback)(const char*)) __attribute__((weak));
// Empties the quarantine and gives the allocator's free memory back to the kernel (absent without it).
extern "C" void __sanitizer_purge_allocator() __attribute__((weak));

namespace jdg {

struct Config {
    int req = -1, resp = -1;
    double cpu_limit = 1;
    double cpu_backstop = 0;  // what RLIMIT_CPU adds to the limit: the judge measures the box (session.py)
    long long memory = 256 << 20, output = 1 << 20;
    std::string library;  // solution.so
    long long library_span = 0;  // the address space its segments take (load_span)
};

// The forked child's outcome pipe, for the sanitizer's report callback below.
inline int outcome_fd = -1;

// AddressSanitizer's report, read before it ends the case: its allocator out of memory (an operator new
// past what it may map) is the memory limit, as a std::bad_alloc is; any other error is named by its kind
// ("heap-buffer-overflow"). What it printed stays the case's output.
inline void sanitizer_report(const char* report) {
    std::string text = report ? report : "", out;
    if (text.find("out of memory") != std::string::npos || text.find("allocation-size-too-big") != std::string::npos) {
        out = "{\"status\":\"memory\"}";
    } else {
        std::string kind = "a memory error";
        size_t at = text.find("ERROR: AddressSanitizer: ");
        if (at != std::string::npos) {
            at += 25;
            size_t end = text.find_first_of(" \n", at);
            kind = text.substr(at, (end == std::string::npos ? text.size() : end) - at).substr(0, 80);
        }
        out = "{\"status\":\"exception\",\"type\":\"AddressSanitizer\",\"message\":";
        quote(out, kind + " (its report is the case's output)");
        // The submission's first frame ("#1 0x... in Solution::f(...) solution.cpp:10:21", -g1), as the
        // other languages name their line.
        size_t f = text.find("solution.cpp:");
        if (f != std::string::npos) {
            size_t digits = f + 13, stop = digits;
            while (stop < text.size() && isdigit((unsigned char)text[stop])) stop++;
            size_t line = text.rfind('\n', f);
            size_t in = text.find(" in ", line == std::string::npos ? 0 : line + 1);
            std::string fn;
            if (in != std::string::npos && in < f) {
                size_t end = text.find_first_of("( ", in + 4);
                fn = text.substr(in + 4, std::min(end, f) - (in + 4)).substr(0, 80);
            }
            if (stop > digits) {
                out += ",\"where\":";
                quote(out, "line " + text.substr(digits, stop - digits) + (fn.empty() ? "" : " in " + fn));
            }
        }
        out += "}";
    }
    if (outcome_fd >= 0) write_all(outcome_fd, out);
    fflush(stderr);
    _exit(0);
}

// The forked child: its own limits, the case (jdg_case), its outcome on `fd`. Never returns.
inline void child(const Config& c, const std::string& line, int fd) {
    outcome_fd = fd;
    if (__asan_set_error_report_callback) __asan_set_error_report_callback(sanitizer_report);
    close(c.req);
    close(c.resp);
    rlim_t cpu = (rlim_t)std::ceil(c.cpu_limit + c.cpu_backstop);
    struct rlimit rl = {cpu, cpu + 1};
    setrlimit(RLIMIT_CPU, &rl);
    long pages = 0;
    if (FILE* f = fopen("/proc/self/statm", "r")) { if (fscanf(f, "%ld", &pages) != 1) pages = 0; fclose(f); }
    // What it maps now and what the library's segments will take, plus the limit.
    rlim_t space = (rlim_t)pages * sysconf(_SC_PAGESIZE) + (rlim_t)c.library_span + (rlim_t)c.memory;
    struct rlimit as = {space, space};
    setrlimit(RLIMIT_AS, &as);
    // A stack of half the memory limit at most: runaway recursion then overflows its stack (RE, with the
    // sanitizer's "stack-overflow"), as on LeetCode, instead of reaching the memory limit first (MLE); a
    // recursion 10^5 deep with 1 KiB frames still fits.
    struct rlimit st;
    if (getrlimit(RLIMIT_STACK, &st) == 0 && (st.rlim_cur == RLIM_INFINITY || st.rlim_cur > (rlim_t)c.memory / 2)) {
        st.rlim_cur = (rlim_t)c.memory / 2;
        setrlimit(RLIMIT_STACK, &st);
    }
    // The submission is loaded only here, in the case's own process, with the judge's pipes closed and
    // the case's limits set: its static initialisers are part of the case. In the server's program they
    // ran before main and could answer every case around the harness, skipping the per-case cost that
    // the leaderboard's speed takes off (round 27: a constructor that read the pipes' numbers from
    // /proc/self/cmdline). Lazy binding: a function is looked up when first called, not all at load.
    void* lib = dlopen(c.library.c_str(), RTLD_LAZY | RTLD_LOCAL);
    CaseFn run_case = lib ? (CaseFn)dlsym(lib, "jdg_case") : nullptr;
    if (!run_case) {
        const char* why = dlerror();
        std::string text = why ? why : "no jdg_case", out;
        for (size_t at; (at = text.find(c.library)) != std::string::npos;) text.replace(at, c.library.size(), "solution.so");
        // Its segments past RLIMIT_AS (a huge global) are the memory limit; "cannot allocate memory in static
        // TLS block" (an initial-exec thread_local, which a loaded library cannot have) is not: the loader's words.
        if (text.find("failed to map segment") != std::string::npos) {
            out = "{\"status\":\"memory\"}";
        } else {
            out = "{\"status\":\"exception\",\"type\":\"dlopen\",\"message\":";
            quote(out, text.substr(0, 300));
            out += "}";
        }
        write_all(fd, out);
        _exit(0);
    }
    std::string out = run_case(line);
    if ((long long)out.size() > c.output) out = "{\"status\":\"output_limit\"}";
    write_all(fd, out);
    fflush(stdout);
    fflush(stderr);
    std::cout.flush();
    _exit(0);
}

// What a child may say about its case: the outcome, never the id, the time or the memory. The pipe
// it says it on is the submission's to write too, so only these fields of the message are kept.
inline std::string child_fields(const J& message) {
    static const char* const keys[] = {"status", "value", "type", "message", "where"};
    std::string out;
    for (const char* key : keys) {
        const J* field = message.get(key);
        if (!field) continue;
        if (!out.empty()) out += ',';
        quote(out, key);
        out += ':';
        emit(out, *field);
    }
    return out;
}

// How the child ended, as the protocol's status fields (without the braces' opening).
inline std::string describe(const Config& c, int status, const struct rusage& ru, const std::string& payload, bool too_big) {
    double cpu = ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    if (too_big) return "\"status\":\"output_limit\"";
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        if (sig == SIGXCPU || cpu >= c.cpu_limit) return "\"status\":\"timeout\"";
        if ((double)ru.ru_maxrss * 1024 >= c.memory * 0.95) return "\"status\":\"memory\"";
        const char* abbrev = sigabbrev_np(sig);
        return std::string("\"status\":\"signal\",\"signal\":\"SIG") + (abbrev ? abbrev : std::to_string(sig).c_str()) + "\"";
    }
    if (!payload.empty()) {
        J message;
        try {
            message = parse(payload);
            if (message.kind != J::OBJ || !message.get("status")) throw std::runtime_error("not an outcome");
        } catch (...) {
            return "\"status\":\"exit\",\"code\":" + std::to_string(WEXITSTATUS(status));
        }
        if (cpu > c.cpu_limit) return "\"status\":\"timeout\"";
        return child_fields(message);
    }
    int code = WEXITSTATUS(status);
    if (code == 86 || code == 87) {  // a sanitizer's exit code (see the options at the top)
        bool asan = code == 86;
        return std::string("\"status\":\"exception\",\"type\":\"") +
               (asan ? "AddressSanitizer" : "UndefinedBehaviorSanitizer") + "\",\"message\":\"" +
               (asan ? "a memory error (out of bounds, use after free, ...)"
                     : "undefined behaviour (a null pointer, a signed overflow, a bad shift, ...)") +
               ": its report is the case's output\"";
    }
    return "\"status\":\"exit\",\"code\":" + std::to_string(code);
}

// The address space that loading an ELF library takes: the span of its PT_LOAD segments, zero-filled
// globals included, page-aligned. A case's RLIMIT_AS leaves it out, as it left out the program's own
// segments when the submission was part of the server's program (a global array of 200 MiB, barely
// touched, is no MLE: the box's cap counts the pages it uses).
inline long long load_span(const std::string& path) {
    FILE* f = fopen(path.c_str(), "rb");
    if (!f) return 0;
    Elf64_Ehdr eh;
    unsigned long long lo = ULLONG_MAX, hi = 0;
    if (fread(&eh, sizeof eh, 1, f) == 1 && memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0 && eh.e_ident[EI_CLASS] == ELFCLASS64) {
        for (int i = 0; i < eh.e_phnum; i++) {
            Elf64_Phdr ph;
            if (fseek(f, (long)(eh.e_phoff + (unsigned long long)i * eh.e_phentsize), SEEK_SET) != 0 ||
                fread(&ph, sizeof ph, 1, f) != 1) break;
            if (ph.p_type != PT_LOAD) continue;
            lo = std::min(lo, (unsigned long long)ph.p_vaddr);
            hi = std::max(hi, (unsigned long long)(ph.p_vaddr + ph.p_memsz));
        }
    }
    fclose(f);
    unsigned long long page = (unsigned long long)sysconf(_SC_PAGESIZE);
    return hi > lo ? (long long)((hi + page - 1) / page * page - lo / page * page) : 0;
}

inline std::string serve_one(const Config& c, const std::string& line) {
    // The judge's request starts `{"id": N,` (runner._request): read there, not by parsing the whole line,
    // which would build the arguments' tree in this server only to throw it away.
    long long id = 0;
    if (line.compare(0, 7, "{\"id\": ") == 0) id = strtoll(line.c_str() + 7, nullptr, 10);
    int fds[2];
    if (pipe(fds) != 0) return "{\"id\":" + std::to_string(id) + ",\"status\":\"harness_error\",\"message\":\"pipe failed\"}";
    fflush(stdout);
    std::cout.flush();
    pid_t pid = fork();
    if (pid == 0) { close(fds[0]); child(c, line, fds[1]); }
    close(fds[1]);
    std::string payload;
    bool too_big = false;
    char buf[65536];
    long long cap = c.output + 4096;
    while (true) {
        ssize_t n = read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        if ((long long)payload.size() < cap) payload.append(buf, n); else too_big = true;
    }
    close(fds[0]);
    int status = 0;
    struct rusage ru {};
    while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR) {}
    double cpu_ms = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000.0 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1000.0;
    char head[128];
    snprintf(head, sizeof head, "{\"id\":%lld,\"cpu_ms\":%.3f,\"mem_kb\":%ld,", id, cpu_ms, ru.ru_maxrss);
    return head + describe(c, status, ru, payload, too_big) + "}\n";
}

inline int serve(int argc, char** argv) {
    if (argc < 2) { fprintf(stderr, "usage: server CONFIG_JSON\n"); return 2; }
    J config = parse(argv[1]);
    Config c;
    c.req = (int)config.get("request_fd")->integer;
    c.resp = (int)config.get("response_fd")->integer;
    c.cpu_limit = config.get("cpu_limit")->num;
    if (const J* backstop = config.get("cpu_backstop")) c.cpu_backstop = backstop->num;
    c.memory = config.get("memory_bytes")->integer;
    c.output = config.get("output_bytes")->integer;
    c.library = config.get("library")->str;
    c.library_span = load_span(c.library);
    signal(SIGPIPE, SIG_IGN);
    // Not dumpable: a case child (same uid; it inherits this through fork) cannot open
    // /proc/<server>/fd/N, so it cannot reopen the judge's pipes it closed, nor read /proc/<server>/mem.
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    write_all(c.resp, "{\"status\":\"ready\"}\n");
    std::string buffer;
    char buf[65536];
    while (true) {
        size_t nl;
        while ((nl = buffer.find('\n')) != std::string::npos) {
            std::string line = buffer.substr(0, nl);
            buffer.erase(0, nl + 1);
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            std::string answer = serve_one(c, line);
            // This server's own frees (a request, the child's answer parsed and written again) wait in the
            // quarantine, up to its 16 MiB, and in the allocator's caches: by the 70th case the server held
            // 26 MB more, counted to every case (the box's whole charge is the case's, start included) and
            // copied by every fork. Given back before the answer, the server is as small at each case.
            if (__sanitizer_purge_allocator) __sanitizer_purge_allocator();
            write_all(c.resp, answer);
        }
        ssize_t n = read(c.req, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return 0;
        buffer.append(buf, n);
    }
}

}  // namespace jdg

int main(int argc, char** argv) { return jdg::serve(argc, argv); }
