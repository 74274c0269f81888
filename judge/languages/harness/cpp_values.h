// The protocol's values in both translation units of a C++ submission's program: the submission's
// (main.cpp: the platform's prelude, this, cpp_case.h, the submission, the glue) and the server's
// (cpp_server.cpp). JSON as the protocol needs it, and the neutral types' conversions (jdg::conv<T>).
// Everything lives in namespace jdg so it cannot clash with the submission's names; the standard
// headers here are ones <bits/stdc++.h> includes anyway, so they declare no name the submission's
// translation unit would not have had.
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <typeinfo>
#include <vector>

// The two functions of <cxxabi.h> used here, declared as it declares them: that header is not included,
// since it also declares `namespace abi`, and a submission's global `int abi` was CE (round 29).
namespace __cxxabiv1 {
extern "C" {
char* __cxa_demangle(const char* mangled, char* output, size_t* length, int* status);
std::type_info* __cxa_current_exception_type() noexcept __attribute__((__pure__));
}
}  // namespace __cxxabiv1

namespace jdg {

// A JSON value: only what the protocol needs (null, bool, number, string, array, object).
struct J {
    enum Kind { NUL, BOOL, NUM, STR, ARR, OBJ } kind = NUL;
    bool b = false;
    double num = 0;
    long long integer = 0;
    std::string str;
    std::vector<J> items;
    std::vector<std::pair<std::string, J>> fields;
    const J* get(const std::string& key) const {
        for (auto& f : fields) if (f.first == key) return &f.second;
        return nullptr;
    }
};

struct Parser {
    const std::string& t;
    size_t p = 0;
    int depth = 0;  // a child's payload is the submission's to write: its nesting must not blow this stack
    void ws() { while (p < t.size() && isspace((unsigned char)t[p])) p++; }
    void fail() { throw std::runtime_error("bad JSON"); }
    J value() {
        ws();
        if (p >= t.size()) fail();
        J v;
        char c = t[p];
        if ((c == '{' || c == '[') && ++depth > 256) fail();
        if (c == '{') {
            v.kind = J::OBJ; p++; ws();
            if (p < t.size() && t[p] == '}') { p++; depth--; return v; }
            while (true) {
                ws(); std::string key = string_(); ws();
                if (p >= t.size() || t[p] != ':') fail();
                p++; v.fields.emplace_back(key, value()); ws();
                if (p < t.size() && t[p] == ',') { p++; continue; }
                if (p < t.size() && t[p] == '}') { p++; depth--; return v; }
                fail();
            }
        }
        if (c == '[') {
            v.kind = J::ARR; p++; ws();
            if (p < t.size() && t[p] == ']') { p++; depth--; return v; }
            while (true) {
                v.items.push_back(value()); ws();
                if (p < t.size() && t[p] == ',') { p++; continue; }
                if (p < t.size() && t[p] == ']') { p++; depth--; return v; }
                fail();
            }
        }
        if (c == '"') { v.kind = J::STR; v.str = string_(); return v; }
        if (t.compare(p, 4, "true") == 0) { p += 4; v.kind = J::BOOL; v.b = true; return v; }
        if (t.compare(p, 5, "false") == 0) { p += 5; v.kind = J::BOOL; return v; }
        if (t.compare(p, 4, "null") == 0) { p += 4; return v; }
        size_t end = p;
        while (end < t.size() && strchr("+-0123456789.eE", t[end])) end++;
        if (end == p) fail();
        std::string number = t.substr(p, end - p);
        p = end;
        v.kind = J::NUM; v.num = strtod(number.c_str(), nullptr); v.integer = strtoll(number.c_str(), nullptr, 10);
        return v;
    }
    std::string string_() {
        if (p >= t.size() || t[p] != '"') fail();
        p++;
        std::string out;
        while (p < t.size() && t[p] != '"') {
            char c = t[p++];
            if (c != '\\') { out += c; continue; }
            if (p >= t.size()) fail();
            char e = t[p++];
            switch (e) {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'u': {  // the protocol only carries ASCII; keep the low byte of \u00XX
                    if (p + 4 > t.size()) fail();
                    out += (char)strtol(t.substr(p, 4).c_str(), nullptr, 16);
                    p += 4; break;
                }
                default: out += e;
            }
        }
        if (p >= t.size()) fail();
        p++;
        return out;
    }
};

inline J parse(const std::string& text) { Parser parser{text}; return parser.value(); }

inline void quote(std::string& out, const std::string& s) {
    out += '"';
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') { out += '\\'; out += (char)c; }
        else if (c < 0x20 || c >= 0x7f) { char buf[8]; snprintf(buf, sizeof buf, "\\u%04x", c); out += buf; }
        else out += (char)c;
    }
    out += '"';
}

// Neutral type <-> C++ type, once for every problem: int long double bool char string, and vectors.
template <class T> struct conv;
template <> struct conv<int> {
    static int from(const J& j) { return (int)j.integer; }
    static void to(std::string& o, int v) { o += std::to_string(v); }
};
template <> struct conv<long long> {
    static long long from(const J& j) { return j.integer; }
    static void to(std::string& o, long long v) { o += std::to_string(v); }
};
template <> struct conv<double> {
    static double from(const J& j) { return j.num; }
    static void to(std::string& o, double v) { char b[64]; snprintf(b, sizeof b, "%.17g", v); o += std::isfinite(v) ? b : "null"; }
};
template <> struct conv<bool> {
    static bool from(const J& j) { return j.b; }
    static void to(std::string& o, bool v) { o += v ? "true" : "false"; }
};
template <> struct conv<char> {
    static char from(const J& j) { return j.str.empty() ? '\0' : j.str[0]; }
    static void to(std::string& o, char v) { quote(o, std::string(1, v)); }
};
template <> struct conv<std::string> {
    static std::string from(const J& j) { return j.str; }
    static void to(std::string& o, const std::string& v) { quote(o, v); }
};
template <class T> struct conv<std::vector<T>> {
    static std::vector<T> from(const J& j) {
        std::vector<T> v;
        v.reserve(j.items.size());
        for (auto& item : j.items) v.push_back(conv<T>::from(item));
        return v;
    }
    static void to(std::string& o, const std::vector<T>& v) {
        o += '[';
        for (size_t i = 0; i < v.size(); i++) { if (i) o += ','; conv<T>::to(o, v[i]); }
        o += ']';
    }
};
template <class T> std::string dump(const T& v) { std::string o; conv<T>::to(o, v); return o; }

// A parsed value written back as JSON (numbers as parsed: integers exactly, others to 17 digits).
inline void emit(std::string& o, const J& v) {
    switch (v.kind) {
        case J::NUL: o += "null"; break;
        case J::BOOL: o += v.b ? "true" : "false"; break;
        case J::NUM:
            if ((double)v.integer == v.num) o += std::to_string(v.integer);
            else conv<double>::to(o, v.num);
            break;
        case J::STR: quote(o, v.str); break;
        case J::ARR:
            o += '[';
            for (size_t i = 0; i < v.items.size(); i++) { if (i) o += ','; emit(o, v.items[i]); }
            o += ']';
            break;
        case J::OBJ:
            o += '{';
            for (size_t i = 0; i < v.fields.size(); i++) {
                if (i) o += ',';
                quote(o, v.fields[i].first);
                o += ':';
                emit(o, v.fields[i].second);
            }
            o += '}';
            break;
    }
}

inline void write_all(int fd, const std::string& data) {
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = write(fd, data.data() + done, data.size() - done);
        if (n <= 0) { if (n < 0 && errno == EINTR) continue; return; }
        done += n;
    }
}


inline std::string demangle(const char* name) {
    int status = 0;
    char* text = __cxxabiv1::__cxa_demangle(name, nullptr, nullptr, &status);
    std::string out = status == 0 && text ? text : name;
    free(text);
    return out;
}

}  // namespace jdg
