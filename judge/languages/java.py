"""Java as LeetCode compiles it: `java.util.*` and friends implicit, `class` or `public class Solution`."""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path
from typing import Any

from judge.languages.base import HARNESS_DIR, Compiled, Prepared, cpp_like_type, dumps
from judge.problems.problem import Problem
from judge.problems.values import parse_type
from judge.sandbox.box import Box

# On the submission's first line, so the line numbers of its stack traces stay its own.
IMPORTS = ("import java.util.*; import java.util.function.*; import java.util.stream.*; "
           "import java.math.*; import java.io.*; ")
SCALARS = {"int": "int", "long": "long", "double": "double", "bool": "boolean", "char": "char", "string": "String"}


#: Where the sources hold the glue for an entry point that returns nothing, when the signature allows one.
VOID_GLUE = "JudgeGlue.void"
#: javac's error at the typed glue's call when the entry point is `void` (its own line: nothing the
#: submission writes can put an error in the glue's file).
VOID_CALL = r"^JudgeGlue\.java:\d+: error: 'void' type not allowed here$"


#: The classes of the scalars, for a List of them.
BOXED = {"int": "Integer", "long": "Long", "double": "Double", "bool": "Boolean", "char": "Character",
         "string": "String"}


def java_type(neutral: str) -> str:
    """`char[][]` -> `char[][]`, `bool[]` -> `boolean[]`, `string` -> `String`."""
    return cpp_like_type(*parse_type(neutral), SCALARS, "{}[]")


def java_iterable(neutral: str) -> str:
    """What stands for an array answer as LeetCode's `List<...>` signatures return it: `int[]` ->
    `Iterable<Integer>`, `string[][]` -> `Iterable<? extends Iterable<String>>` (a `List<List<String>>`)."""
    scalar, depth = parse_type(neutral)
    text = BOXED[scalar]
    for level in range(depth):
        text = f"Iterable<{text}>" if level == 0 else f"Iterable<? extends {text}>"
    return text


class Java(Compiled):
    """OpenJDK javac/java; one JVM serves every case (a JVM cannot fork), a thread with a big stack per case."""

    name = "java"
    title = "Java"
    extensions = (".java",)
    install_hint = "install a JDK 17+ (Debian: apt-get install openjdk-17-jdk-headless; setup.sh does)"
    version_command = ("javac", "-version")
    harness = HARNESS_DIR / "JudgeServer.java"
    #: javafx.util.Pair, which LeetCode's Java offers: compiled beside a submission that names javafx.util.
    pair = HARNESS_DIR / "Pair.java"
    harness_files = (harness, pair)
    artifacts = ("classes",)
    glue_file, solution_file = "JudgeGlue.java", "Solution.java"
    no_entry = Compiled.no_entry + " (its parameters and its return type)"
    no_class_note = "does not contain class"   # javac's "bad source file" note names Solution.java
    compile_memory_mb = None   # javac is a JVM: RLIMIT_AS breaks its reservations, -J-Xmx limits it instead
    compile_needs_proc = True  # the launcher finds libjli.so through /proc/self/exe ($ORIGIN)
    selftest_extension = ".java"
    selftest_source = """class Solution {
    public long countChars(String[] words, long base) {
        for (String w : words) base += w.length();
        return base;
    }
}
"""

    def sources(self, text: str, problem: Problem) -> dict[str, str]:
        """Solution.java (a public class must live in a file of its name), the harness (in its package
        `judge`, out of the submission's reach: harness/JudgeServer.java), the glue."""
        cls = problem.signature.class_name or "Solution"
        files = {f"{cls}.java": IMPORTS + text, "judge/JudgeServer.java": self.harness.read_text(),
                 "JudgeGlue.java": glue(problem)}
        if "javafx.util" in text:
            files["javafx/util/Pair.java"] = self.pair.read_text()
        if problem.signature.inplace is not None and problem.signature.returns != "void":
            files[VOID_GLUE] = glue(problem, void=True)  # not a .java file: javac sees it only on a retry
        return files

    def _compile(self, folder: Path, files: dict[str, str], text: str, box: Box) -> tuple[str | None, bool]:
        """As for any language; then, where the typed glue found the entry point `void` and the signature
        names an `inplace` argument, once more with the glue that judges that argument (a solution that
        changes the board and returns nothing, as in Python, C++ and JavaScript)."""
        message, keep = super()._compile(folder, files, text, box)
        if message is not None and VOID_GLUE in files and re.search(VOID_CALL, message, re.M):
            return super()._compile(folder, {**files, self.glue_file: files[VOID_GLUE]}, text, box)
        return message, keep

    def compile_argv(self, build: Path) -> list[str]:
        """javac with a bounded heap; all three files at once; no annotation processing (no processor a
        source names, or one found on the class path, runs inside javac)."""
        files = sorted(str(p.relative_to(build)) for p in build.rglob("*.java"))
        return [self.executable() or "javac", "-J-Xmx512m", "-J-XX:+UseSerialGC", "-J-XX:TieredStopAtLevel=1",
                "-encoding", "UTF-8", "-nowarn", "-Xlint:none", "-proc:none", "-d", "classes", *files]

    def runtime_mounts(self) -> tuple[Path, ...]:
        """The folders the JDK's links lead to (Debian keeps its conf in /etc/java-17-openjdk)."""
        return _linked_dirs(Path(os.path.realpath(self.executable() or "javac")).parent.parent)

    def server_argv(self, prepared: Prepared, config: dict[str, Any]) -> list[str]:
        """Limit what the JVM uses (heap, metaspace, direct buffers), not what it maps."""
        java = str(Path(self.executable() or "javac").with_name("java"))
        memory_mb = max(16, config["memory_bytes"] >> 20)
        return [java, f"-Xmx{memory_mb}m", f"-Xms{min(memory_mb, 64)}m", "-XX:MaxMetaspaceSize=128m",
                "-XX:MaxDirectMemorySize=64m", "-XX:ReservedCodeCacheSize=64m", "-XX:+UseSerialGC",
                "-XX:-UsePerfData", "-Xshare:auto", "-Djava.awt.headless=true",
                # HotSpot throws a preallocated exception, with no message or line, from a site it has
                # compiled after many throws: later cases' RE lost "Index -2 out of bounds ... (line 10)"
                "-XX:-OmitStackTraceInFastThrow",
                "-cp", str(prepared.artifact), "judge.JudgeServer", dumps(config)]


@functools.cache
def _linked_dirs(home: Path) -> tuple[Path, ...]:
    """Folders outside /usr that symbolic links inside a JDK point into."""
    found: set[Path] = set()
    for path in home.rglob("*"):
        if path.is_symlink():
            target = Path(os.path.realpath(path))
            if target.exists() and not target.is_relative_to("/usr"):
                found.add(target if target.is_dir() else target.parent)
    return tuple(sorted(p for p in found if not any(o != p and o in p.parents for o in found)))


def glue(problem: Problem, void: bool = False) -> str:
    """Typed glue from the neutral signature: cast each argument and call a fresh instance (`void`: an
    entry point that returns nothing, judged on the argument the signature names `inplace`)."""
    sig = problem.signature
    casts = ", ".join(f"({java_type(p.type)}) a[{i}]" for i, p in enumerate(sig.params))
    cls = sig.class_name or "Solution"
    call = f"new {cls}().{sig.function}({casts})"
    returns, typed = sig.returns, ""
    if returns == "void" or void:  # judged on its in-place argument: null tells the server to send that
        body = f"        {call};\n        return null;\n"
    elif "[" in returns:
        # The platform's array, or a List of the same elements (LeetCode's List<List<String>> where the
        # neutral type is an array); another type (Integer[] or List<Long> for int[], long[]) does not
        # compile, as on LeetCode.
        body = f"        return answer({call});\n"
        typed = (f"    private static Object answer({java_type(returns)} value) {{ return value; }}\n"
                 f"    private static Object answer({java_iterable(returns)} value) {{ return value; }}\n")
    else:  # held in the platform's type, as LeetCode's driver does: a `long` for an `int` does not compile
        body = f"        {java_type(returns)} answer = {call};\n        return answer;\n"
    # `throws Exception`: an entry point may declare checked exceptions; the harness catches every Throwable.
    # Public: the server, in its own package, reaches it through reflection.
    return ("public final class JudgeGlue {\n    public static Object call(Object[] a) throws Exception {\n"
            + body + "    }\n" + typed + "}\n")


LANGUAGE = Java()
