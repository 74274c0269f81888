// A case in the forked child, in the submission's translation unit (after cpp_values.h, before the
// submission): the request parsed, the call, the outcome as one JSON object. The server's side
// (cpp_server.cpp) sets the child's limits first and writes the outcome; none of its system headers
// (sys/wait.h, sys/resource.h, sys/prctl.h) is seen here, so a submission's global named `wait` or
// `setrlimit` compiles as it does on the platform (it was CE beside them: round 27).
namespace jdg {

inline std::string run_case(const std::string& line, std::string (*call)(const J&)) {
    std::string out;
    try {
        J request = parse(line);
        const J* args = request.get("args");
        if (!args) throw std::runtime_error("request without args");
        std::string value = call(*args);
        out = "{\"status\":\"ok\",\"value\":" + value + "}";
    } catch (const std::bad_alloc&) {
        out = "{\"status\":\"memory\"}";
    } catch (const std::exception& e) {
        // what() is the submission's code: it may throw, or return null.
        std::string type = demangle(typeid(e).name()), message;
        try {
            const char* what = e.what();
            message = what ? what : "";
        } catch (...) {
            message = "<its message could not be read: what() threw>";
        }
        out = "{\"status\":\"exception\",\"type\":";
        quote(out, type);
        out += ",\"message\":";
        quote(out, message.substr(0, 300));
        out += "}";
    } catch (...) {
        std::type_info* t = __cxxabiv1::__cxa_current_exception_type();
        out = "{\"status\":\"exception\",\"type\":";
        quote(out, t ? demangle(t->name()) : "unknown");
        out += ",\"message\":\"a value that is not a std::exception was thrown\"}";
    }
    return out;
}

}  // namespace jdg
