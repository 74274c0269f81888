"""C++ as LeetCode compiles it: the standard headers and `using namespace std;` implicit, a fork per case."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from judge.languages.base import HARNESS_DIR, Compiled, Prepared, cpp_like_type, dumps
from judge.problems.problem import Problem
from judge.problems.values import parse_type

PRELUDE = "#include <bits/stdc++.h>\nusing namespace std;\n"
SCALARS = {"int": "int", "long": "long long", "double": "double", "bool": "bool", "char": "char",
           "string": "string"}


def cpp_type(neutral: str) -> str:
    """`char[][]` -> `vector<vector<char>>`."""
    return cpp_like_type(*parse_type(neutral), SCALARS, "vector<{}>")


class Cpp(Compiled):
    """g++ (GNU C++23, -O2, AddressSanitizer and UBSan); the server forks a child per case."""

    name = "cpp"
    title = "C++"
    extensions = (".cpp", ".cc", ".cxx")
    install_hint = "install g++ (Debian: apt-get install g++; setup.sh does)"
    version_command = ("g++", "--version")
    harness = HARNESS_DIR / "cpp_server.cpp"
    harness_files = (harness,)
    artifacts = ("solution",)
    glue_file, solution_file = "glue.cpp", "solution.cpp"
    code_before_ready = True   # static initialisers run before main
    selftest_extension = ".cpp"
    selftest_source = """class Solution {
public:
    long long countChars(vector<string>& words, long long base) {
        for (auto& w : words) base += w.size();
        return base;
    }
};
"""

    def sources(self, text: str, problem: Problem) -> dict[str, str]:
        """Harness first (so the submission's macros cannot reach it), then the submission, then glue."""
        main = (PRELUDE + self.harness.read_text() + '\n#line 1 "solution.cpp"\n' + text
                + '\n#line 1 "glue.cpp"\n' + glue(problem))
        return {"main.cpp": main}

    def compile_argv(self, build: Path) -> list[str]:
        """-O2 and the sanitizers as the platform (AddressSanitizer, UndefinedBehaviorSanitizer, stopping at
        the first error); gnu++23, the platform's standard (`string::contains`, which g++ 12 has, was CE
        under gnu++20); -g1 (line tables) so that a sanitizer's report names the submission's line, not the
        judge's function it was inlined into."""
        return [self.executable() or "g++", "-std=gnu++23", "-O2", "-g1", "-pipe", "-w", "-fsanitize=address,undefined",
                "-fno-sanitize-recover=undefined", "-o", "solution", "main.cpp"]

    def explain_compile_error(self, output: str) -> str:
        """The compiler's first lines (Compiled's), and what a `#define int long long` did: g++ names no
        line for it."""
        message = super().explain_compile_error(output)
        if "::main" in output and "must return" in output:   # g++ quotes with ' or with ‘ ’
            message += ("\n(a `#define int ...` in the submission also rewrites the `int main` the judge puts "
                        "after it: name the type otherwise, e.g. `using ll = long long;`)")
        return message

    def server_argv(self, prepared: Prepared, config: dict[str, Any]) -> list[str]:
        """The compiled server itself."""
        return [str(prepared.artifact), dumps(config)]


def glue(problem: Problem) -> str:
    """Typed glue from the neutral signature: convert, call, convert back (or the in-place argument)."""
    sig = problem.signature
    lines = ["static std::string jdg_call(const jdg::J& args) {"]
    names = []
    for i, param in enumerate(sig.params):
        t = cpp_type(param.type)
        lines.append(f"    {t} a{i} = jdg::conv<{t}>::from(args.items.at({i}));")
        names.append(f"a{i}")
    target = f"jdg_s->{sig.function}" if sig.class_name else sig.function
    call = f"{target}({', '.join(names)})"
    if sig.class_name:
        # On the heap: a large member array must not eat the stack a deep recursion needs.
        lines.append(f"    {sig.class_name}* jdg_s = new {sig.class_name}();")
    back = f"jdg::dump(a{sig.inplace_index})" if sig.inplace_index is not None else '"null"'
    if sig.returns == "void":  # judged on the in-place argument, whatever the call returns
        lines += [f"    {call};", f"    return {back};", "}"]
    elif sig.inplace_index is None:  # `void` is another signature here: CE, as the platform's driver says
        lines += [f"    {cpp_type(sig.returns)} jdg_r = {call};", "    return jdg::dump(jdg_r);", "}"]
    else:
        # A `void` entry point is judged on the in-place argument. `if constexpr` discards a branch only
        # in a template, and only when the branch depends on it: so a generic lambda, and the call made
        # dependent on its parameter; in plain code the other branch was compiled too, and every `void`
        # entry point was CE ("conversion from 'void' to non-scalar type").
        ret, dependent = cpp_type(sig.returns), f"((void)jdg_t, {call})"
        lines += [
            "    auto jdg_go = [&](auto jdg_t) -> std::string {",
            f"        if constexpr (std::is_void_v<decltype({dependent})>) {{",
            f"            {dependent};",
            f"            return {back};",
            "        } else {",
            f"            {ret} jdg_r = {dependent};",
            "            return jdg::dump(jdg_r);",
            "        }",
            "    };",
            "    return jdg_go(0);",
            "}",
        ]
    lines.append("int main(int argc, char** argv) { return jdg::serve(argc, argv, jdg_call); }")
    return "\n".join(lines) + "\n"


LANGUAGE = Cpp()
