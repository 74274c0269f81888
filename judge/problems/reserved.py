"""The reserved words of each language's syntax: a problem's function or class name that is one of them
cannot be declared by a submission in that language (`def import(self, ...)`, `int new(...)`, `func
range(...)`); its parameters' names are the submission's to choose. A table here rather than an attribute
of each plugin: checking a package's names (judge/problems/problem.py) must not import six plugins."""

from __future__ import annotations

import keyword

_CPP = """alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t
class compl concept const consteval constexpr constinit const_cast continue co_await co_return co_yield decltype
default delete do double dynamic_cast else enum explicit export extern false float for friend goto if inline int
long mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected public register
reinterpret_cast requires return short signed sizeof static static_assert static_cast struct switch template this
thread_local throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t while xor
xor_eq"""
_JAVA = """abstract assert boolean break byte case catch char class const continue default do double else enum
extends final finally float for goto if implements import instanceof int interface long native new package private
protected public return short static strictfp super switch synchronized this throw throws transient try void
volatile while true false null _"""
# Strict mode's, which a class body and a module are in: `arguments` and `eval` cannot name a parameter there.
_JAVASCRIPT = """break case catch class const continue debugger default delete do else enum export extends false
finally for function if import in instanceof new null return super switch this throw true try typeof var void
while with yield let static implements interface package private protected public await arguments eval"""
_GO = """break case chan const continue default defer else fallthrough for func go goto if import interface map
package range return select struct switch type var"""

#: Each language's title and its reserved words.
RESERVED: dict[str, frozenset[str]] = {
    "Python 3": frozenset(keyword.kwlist),
    "C++": frozenset(_CPP.split()),
    "Java": frozenset(_JAVA.split()),
    "JavaScript": frozenset(_JAVASCRIPT.split()),
    "TypeScript": frozenset(_JAVASCRIPT.split()),
    "Go": frozenset(_GO.split()),
}


#: The keys a case has besides its parameters: no parameter may take one (a case file could not give both).
CASE_KEYS = ("name", "description", "expected")


def reserved_in(name: str) -> list[str]:
    """The languages in which `name` is a reserved word, in the table's order."""
    return [title for title, words in RESERVED.items() if name in words]
