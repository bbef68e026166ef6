"""Reading compute-sanitizer's text output: its reports, its summary lines, and suppressions.

The sanitizer prefixes each of its own lines with ``=========`` and separates reports with a
line holding the prefix alone. A report starts with what went wrong (``Invalid __global__ read
of size 4 bytes``, ``Error: Race reported between ...``, ``Uninitialized __global__ memory read``,
``Barrier error detected``, ``Program hit CUDA_ERROR_... on CUDA API call to ...``) and goes on
with where (``at kernel+0x70``, ``by thread (..) in block (..)``, host frames). Each tool ends
with a summary: ``ERROR SUMMARY: N errors``, racecheck's ``RACECHECK SUMMARY: N hazards
displayed (E errors, W warnings)``.

A suppression file has one entry a line, ``tool | regular expression | reason``; a report is
suppressed when the tool matches (``*`` for any) and the expression is found in its text. Every
entry must give its reason.
"""
import dataclasses
import re

PREFIX = '========='
SUMMARY = re.compile(r'ERROR SUMMARY: (\d+) errors?')
RACE_SUMMARY = re.compile(r'RACECHECK SUMMARY: \d+ hazards? displayed \((\d+) errors?, (\d+) warnings?\)')
# Lines of the sanitizer that are neither a report nor part of one.
NOT_REPORTS = re.compile(r'^(COMPUTE-SANITIZER|ERROR SUMMARY|RACECHECK SUMMARY|LEAK SUMMARY|'
                         r'Target application returned|No hazards|Warning: (?!Race))')
WARNING = re.compile(r'^Warning: ')


@dataclasses.dataclass(frozen=True)
class Suppression:
    tool: str
    pattern: re.Pattern
    reason: str


@dataclasses.dataclass
class Report:
    """One tool's run: its reports, split into counted errors, warnings and suppressed ones."""
    tool: str
    errors: list = dataclasses.field(default_factory=list)
    warnings: list = dataclasses.field(default_factory=list)
    suppressed: list = dataclasses.field(default_factory=list)
    summary_errors: int | None = None  # what the sanitizer's own summary counted

    @property
    def error_count(self):
        """Unsuppressed errors. The summary may count more errors than were printed
        (--print-limit); those unseen ones are counted as errors, never as suppressed."""
        printed = len(self.errors) + len(self.suppressed)
        unseen = max(0, (self.summary_errors or 0) - printed)
        return len(self.errors) + unseen


def sanitizer_lines(text):
    """The sanitizer's own lines, without the prefix (the program's output is dropped)."""
    out = []
    for line in text.splitlines():
        if line.startswith(PREFIX):
            out.append(line[len(PREFIX):].strip())
    return out


def blocks(lines):
    """The reports: groups of consecutive lines, which the sanitizer separates by empty ones;
    its banner and summary lines end a group too and belong to none."""
    group = []
    for line in lines:
        if line and not NOT_REPORTS.match(line):
            group.append(line)
        elif group:
            yield group
            group = []
    if group:
        yield group


def parse(text, tool, suppressions=()):
    """The Report of one run's combined output."""
    report = Report(tool)
    lines = sanitizer_lines(text)
    for line in lines:
        if m := SUMMARY.search(line):
            report.summary_errors = (report.summary_errors or 0) + int(m.group(1))
        elif m := RACE_SUMMARY.search(line):
            report.summary_errors = (report.summary_errors or 0) + int(m.group(1))
    for group in blocks(lines):
        body = '\n'.join(group)
        if any(s.tool in ('*', tool) and s.pattern.search(body) for s in suppressions):
            report.suppressed.append(body)
        elif WARNING.match(group[0]):
            report.warnings.append(body)
        else:
            report.errors.append(body)
    return report


def load_suppressions(path):
    """Entries of a suppression file; ValueError for an entry without a reason."""
    entries = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            parts = [p.strip() for p in line.split('|', 2)]
            if len(parts) != 3 or not all(parts):
                raise ValueError(f'{path}:{number}: expected "tool | pattern | reason"')
            entries.append(Suppression(parts[0], re.compile(parts[1]), parts[2]))
    return entries
