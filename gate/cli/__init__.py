"""The command line: parse the arguments, call one function, print, pick the exit code."""
