"""
Starts Orca with its debug log written line by line (Orca opens it fully buffered), so that the
runner can follow what Orca says while it says it. Usage: orca-line-buffered.py LOG [orca options].
"""
import builtins
import runpy
import sys

LOG = sys.argv[1]
_open = builtins.open


def _line_buffered_open(file, mode="r", *args, **kwargs):
    if file == LOG and "w" in mode:
        return _open(file, mode, buffering=1, encoding="utf-8")
    return _open(file, mode, *args, **kwargs)


builtins.open = _line_buffered_open
sys.argv = ["orca", "--debug-file", LOG] + sys.argv[2:]
runpy.run_path("/usr/bin/orca", run_name="__main__")
