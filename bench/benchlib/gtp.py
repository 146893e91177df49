"""A minimal GTP client: starts one program and sends it commands, one at a time.

The bench scripts play matches through the shipped binary (`tengen gtp`) and GNU Go, so they
only need the synchronous subset of the protocol: write a command, read its answer up to the
blank line that ends it.
"""
import select
import subprocess

# GNU Go 3.8 as the matches run it: Chinese rules and positional superko, like Tengen.
GNUGO = ["/usr/games/gnugo", "--mode", "gtp", "--chinese-rules", "--positional-superko"]


class Gtp:
    """One GTP program, started from `argv`.

    `stderr` is where the program's stderr goes: None discards it, an open file keeps it (the
    per-game logs), `subprocess.PIPE` lets `log_line` read it line by line.
    """

    def __init__(self, argv, stderr=None):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=stderr or subprocess.DEVNULL, text=True, bufsize=1)

    def cmd(self, line):
        """Sends `line` and returns the answer without its `= `; a `?` answer, or a program
        that exits before answering, raises RuntimeError (the caller voids the game)."""
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            l = self.p.stdout.readline()
            if l == "":
                raise RuntimeError("engine died on: " + line)
            if l.strip() == "":
                if out:
                    break
                continue
            out.append(l.rstrip("\n"))
        text = "\n".join(out)
        if text.startswith("?"):
            raise RuntimeError(f"{line!r} failed: {text}")
        return text[1:].strip()

    def log_line(self, timeout=2.0):
        """The next line the program wrote to stderr, waiting at most `timeout` seconds ('' when
        none came, e.g. the engine's log line of a genmove answered without a search). Needs
        `stderr=subprocess.PIPE`."""
        if self.p.stderr is None:
            raise RuntimeError("log_line needs the program started with stderr=subprocess.PIPE")
        ready, _, _ = select.select([self.p.stderr], [], [], timeout)
        return self.p.stderr.readline() if ready else ""

    def close(self):
        """Asks the program to quit, then kills it (it may hang or already be dead) and reaps
        it."""
        try:
            self.cmd("quit")
        except Exception:
            pass
        self.p.kill()
        self.p.wait()
