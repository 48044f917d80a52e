/**
 * The Python recorder's sources, written into self-heal's own temporary directory and put first on
 * `PYTHONPATH` for a recorded run (never into the repository): `sitecustomize` starts the tracer
 * (`sys.monitoring` on 3.12+, `sys.settrace` before), which records the lines of files under the
 * repository outside virtualenvs and site-packages, up to a bound, and writes one JSON file per
 * process at exit; `_self_heal_pytest`, named in `PYTEST_PLUGINS`, cuts the record per test with
 * pytest's own outcome, and on 3.11 switches the tracer off between tests. Within a unit (a test)
 * a line is traced until it ran once, a code object until each of its lines ran: the unit is what
 * the spectrum compares, so every test records every line it ran. Any error of the tracer turns
 * it off; it never fails a test.
 */

export const SITECUSTOMIZE = String.raw`# self-heal's sitecustomize: starts the execution recorder, then loads the one it shadows, if any.
import os
import sys

try:
    import _self_heal_spectrum
    _self_heal_spectrum.start()
except Exception:
    pass

# The read recorder (its own module, see READS_RECORDER in python-sources.ts).
try:
    import _self_heal_reads
    _self_heal_reads.start()
except Exception:
    pass

_here = os.path.dirname(os.path.abspath(__file__))
_saved = sys.path[:]
try:
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]
    del sys.modules["sitecustomize"]
    import importlib
    importlib.import_module("sitecustomize")
except ImportError:
    pass
except Exception:
    pass
finally:
    sys.path[:] = _saved
`;

export const TRACER = String.raw`"""self-heal's execution recorder: which lines of the repository's own code ran, per pytest test.

Loaded by self-heal's sitecustomize (never from the repository). Writes one JSON file per process
into SELF_HEAL_SPECTRUM_OUT at exit; any error of its own turns it off and leaves the tests alone.

What keeps it cheap: only code objects of repository files are traced (any other gets no local
tracer, or is DISABLEd on 3.12+), and within a unit (one pytest test) a line already recorded is not
traced again: on 3.11 a code object whose every line the unit has seen is no longer traced, on 3.12+
each line location is DISABLEd once recorded. A new unit starts tracing afresh, so each test still
records every line it ran (the spectrum compares tests line by line).
"""
import json
import os
import sys
import threading

_ROOT = os.path.realpath(os.environ.get("SELF_HEAL_SPECTRUM_ROOT", "") or "/nonexistent")
_OUT = os.environ.get("SELF_HEAL_SPECTRUM_OUT", "")
_MAX = int(os.environ.get("SELF_HEAL_SPECTRUM_MAX_LINES", "200000") or "200000")
_SKIP = ("site-packages", "dist-packages", "node_modules", ".venv", "venv", ".tox", ".nox", ".git", "__pypackages__")
STATE = {"test": None, "outcome": None, "lines": {}, "units": [], "count": 0, "truncated": False, "on": True}
# File name -> its path relative to the root, or False when it is not the repository's own.
_files = {}
# 3.11: the repository's code objects by id, each [code, the lines this unit has not run yet, its
# lines, its local tracer] (holding the code keeps its id its own).
_codes = {}
# File name -> whether it belongs to the reporting of a failure (see _reporting).
_report_files = {}


def _own(filename):
    cached = _files.get(filename)
    if cached is not None:
        return cached
    rel = False
    try:
        path = os.path.realpath(filename)
        if path.startswith(_ROOT + os.sep) and os.path.isfile(path):
            parts = os.path.relpath(path, _ROOT).split(os.sep)
            if not any(p in _SKIP for p in parts[:-1]) and sys.prefix not in path:
                rel = "/".join(parts)
    except Exception:
        rel = False
    _files[filename] = rel
    return rel


def _hit(rel, line):
    if not STATE["on"]:
        return
    lines = STATE["lines"].get(rel)
    if lines is None:
        lines = STATE["lines"][rel] = set()
    if line not in lines:
        if STATE["count"] >= _MAX:
            STATE["truncated"] = True
            return
        lines.add(line)
        STATE["count"] += 1


# A failure's report calls repr() on the values it shows: that is no test's execution.
_REPORTING = tuple(os.sep + p + os.sep for p in ("_pytest" + os.sep + "_io", "_pytest" + os.sep + "assertion", "_pytest" + os.sep + "_code")) + (
    os.sep + "unittest" + os.sep + "util.py",
    os.sep + "pprint.py",
    os.sep + "reprlib.py",
)


def _reporting(frame):
    depth = 0
    frame = frame.f_back
    while frame is not None and depth < 40:
        name = frame.f_code.co_filename
        found = _report_files.get(name)
        if found is None:
            found = _report_files[name] = any(part in name for part in _REPORTING)
        if found:
            return True
        frame = frame.f_back
        depth += 1
    return False


def _traced(code, rel):
    lines = frozenset(n for _, _, n in code.co_lines() if n is not None)
    entry = [code, set(lines), lines, None]

    def local(frame, event, arg):
        if event == "line":
            left = entry[1]
            line = frame.f_lineno
            if line in left:
                left.discard(line)
                _hit(rel, line)
                if not left:
                    # Every line of this code ran in this unit: nothing more to learn from this frame.
                    frame.f_trace = None
                    return None
        return local

    entry[3] = local
    _codes[id(code)] = entry
    return entry


def _global(frame, event, arg):
    code = frame.f_code
    rel = _files.get(code.co_filename)
    if rel is None:
        rel = _own(code.co_filename)
    if not rel:
        return None
    entry = _codes.get(id(code)) or _traced(code, rel)
    left = entry[1]
    # A caller that is traced was no failure's reporting, so neither is this call.
    if not left or (frame.f_back is None or frame.f_back.f_trace is None) and _reporting(frame):
        return None
    line = frame.f_lineno
    if line in left:
        left.discard(line)
        _hit(rel, line)
        if not left:
            return None
    return entry[3]


def close_unit():
    if STATE["lines"] or STATE["test"] is not None:
        STATE["units"].append({
            "test": STATE["test"],
            "outcome": STATE["outcome"],
            "lines": {f: sorted(s) for f, s in STATE["lines"].items()},
        })
    STATE["lines"] = {}
    STATE["test"] = None
    STATE["outcome"] = None
    for entry in _codes.values():
        entry[1] = set(entry[2])
    restart = STATE.get("restart")
    if restart is not None:
        restart()


def _write():
    try:
        close_unit()
        if not _OUT:
            return
        path = os.path.join(_OUT, "python-%d.json" % os.getpid())
        with open(path + ".tmp", "w") as out:
            json.dump({"units": STATE["units"], "truncated": STATE["truncated"]}, out)
        os.replace(path + ".tmp", path)
    except Exception:
        pass


def _start_monitoring():
    """3.12+: LINE events on the repository's code objects only, each location DISABLEd once recorded."""
    mon = sys.monitoring
    tool = next(t for t in (mon.COVERAGE_ID, 3, 4) if mon.get_tool(t) is None)
    mon.use_tool_id(tool, "self-heal")

    def start(code, offset):
        rel = _own(code.co_filename)
        if rel:
            if _reporting(sys._getframe(1)):
                return None
            # The def line, as 3.11's call event has it.
            _hit(rel, code.co_firstlineno)
            mon.set_local_events(tool, code, mon.events.LINE)
        return mon.DISABLE

    def line(code, number):
        if _reporting(sys._getframe(1)):
            return None
        _hit(_files[code.co_filename], number)
        return mon.DISABLE

    mon.register_callback(tool, mon.events.PY_START, start)
    mon.register_callback(tool, mon.events.LINE, line)
    mon.set_events(tool, mon.events.PY_START)
    # A new unit records its lines afresh: the DISABLEd locations fire again.
    STATE["restart"] = mon.restart_events


def _settrace(on):
    tracer = _global if on and STATE["on"] else None
    threading.settrace(tracer)
    sys.settrace(tracer)


def tracing(on):
    """Under pytest only the tests' own runs are recorded: 3.11's tracer is off between them."""
    switch = STATE.get("switch")
    if switch is not None:
        switch(on)


def start():
    if not _OUT or not os.path.isdir(_OUT):
        return
    try:
        import atexit
        atexit.register(_write)
        if sys.version_info >= (3, 12):
            _start_monitoring()
        else:
            STATE["switch"] = _settrace
            _settrace(True)
    except Exception:
        STATE["on"] = False
`;

export const PYTEST_PLUGIN = String.raw`"""self-heal's pytest plugin (named in PYTEST_PLUGINS): one recorded unit per test, with pytest's outcome.

What runs outside a test (pytest's start, collection, imports) is no test's evidence: it is not traced.
"""
import _self_heal_spectrum as _s

_s.tracing(False)


def pytest_runtest_logstart(nodeid, location):
    _s.close_unit()
    _s.STATE["test"] = nodeid
    _s.tracing(True)


def pytest_runtest_logreport(report):
    if _s.STATE["test"] != report.nodeid:
        return
    if report.failed:
        _s.STATE["outcome"] = "failed"
    elif report.when == "call" and _s.STATE["outcome"] is None:
        _s.STATE["outcome"] = "skipped" if report.skipped else "passed"
    elif report.skipped and _s.STATE["outcome"] is None:
        _s.STATE["outcome"] = "skipped"


def pytest_runtest_logfinish(nodeid, location):
    _s.tracing(False)
    _s.close_unit()
`;

// ---- The read recorder: its own module, apart from the line tracer above. ----

/**
 * Which files of the repository the tests open for reading: an audit hook on `open` (PEP 578,
 * raised by `open`, `io.open`, `os.open` and `pathlib`), whatever built the path. Regular files
 * under the repository only, outside virtualenvs, caches and `.git`, not Python code; each with the
 * pytest test that read it (`PYTEST_CURRENT_TEST`, absent at collection). Bounded in paths and
 * path length; written as `reads-<pid>.json` at exit (`test-reads.ts` reads it back).
 */
export const READS_RECORDER = String.raw`"""self-heal's read recorder: which repository files the tests open for reading (an audit hook)."""
import os
import sys

_ROOT = os.path.realpath(os.environ.get("SELF_HEAL_SPECTRUM_ROOT", "") or "/nonexistent")
_OUT = os.environ.get("SELF_HEAL_SPECTRUM_OUT", "")
_MAX_READS = 256
_MAX_SEEN = 4096
_MAX_PATH = 1024
_CODE = (".py", ".pyc", ".pyo", ".pyd", ".so", ".pth")
_SKIP = ("site-packages", "dist-packages", "node_modules", ".venv", "venv", ".tox", ".nox", ".git", "__pycache__", ".pytest_cache", ".mypy_cache")
_STATE = {"on": True, "busy": False, "seen": set(), "reads": [], "keys": set(), "truncated": False}


def _reading(mode, flags):
    if isinstance(mode, str):
        return "r" in mode or "+" in mode
    return isinstance(flags, int) and (flags & 3) != os.O_WRONLY


def _note(path, mode, flags):
    if isinstance(path, int) or not _reading(mode, flags):
        return
    path = os.fsdecode(os.fspath(path))
    if len(path) > _MAX_PATH or path.endswith(_CODE):
        return
    test = os.environ.get("PYTEST_CURRENT_TEST")
    test = test.rsplit(" (", 1)[0][:_MAX_PATH] if test else None
    absolute = os.path.abspath(path)
    if (absolute, test) in _STATE["seen"]:
        return
    if len(_STATE["seen"]) >= _MAX_SEEN:
        _STATE["truncated"] = True
        return
    _STATE["seen"].add((absolute, test))
    real = os.path.realpath(absolute)
    if not real.startswith(_ROOT + os.sep) or not os.path.isfile(real):
        return
    parts = os.path.relpath(real, _ROOT).split(os.sep)
    if any(p in _SKIP for p in parts[:-1]) or sys.prefix in real:
        return
    key = ("/".join(parts), test)
    if key in _STATE["keys"]:
        return
    if len(_STATE["reads"]) >= _MAX_READS:
        _STATE["truncated"] = True
        return
    _STATE["keys"].add(key)
    _STATE["reads"].append({"file": key[0], "test": test})


def _hook(event, args):
    if event != "open" or _STATE["busy"] or not _STATE["on"]:
        return
    _STATE["busy"] = True
    try:
        _note(args[0], args[1], args[2])
    except Exception:
        _STATE["on"] = False
    finally:
        _STATE["busy"] = False


def _write():
    _STATE["busy"] = True
    try:
        path = os.path.join(_OUT, "reads-%d.json" % os.getpid())
        import json
        with open(path + ".tmp", "w") as out:
            json.dump({"reads": _STATE["reads"], "truncated": _STATE["truncated"]}, out)
        os.replace(path + ".tmp", path)
    except Exception:
        pass


def start():
    if not _OUT or not os.path.isdir(_OUT):
        return
    import atexit
    atexit.register(_write)
    sys.addaudithook(_hook)
`;

export const PYTHON_FILES: ReadonlyArray<readonly [string, string]> = [
  ['sitecustomize.py', SITECUSTOMIZE],
  ['_self_heal_spectrum.py', TRACER],
  ['_self_heal_pytest.py', PYTEST_PLUGIN],
  ['_self_heal_reads.py', READS_RECORDER],
];
