"""bench/report_apps.py: results.md's figures of the Python applications
of issue 16 (bench/run.sh's PY_CASES after the PyTorch step): a Triton
kernel launched from Python, a torch.compile'd MLP and GPT-2-style
decoding, each natively, through oncuda over TCP and on the same-host
path.

Their rows of the side-by-side table, the header's lines on what each
ran (versions, model, plan) or why it did not, and their programs for the
raw figures.  The verdicts on their targets are bench/report_targets.py's.
"""
from report_figures import PY_APPS, TORCH_MODES
from report_format import app_not_run, cell_text, fmt, ratio


def app_cell(run, prefix, case, unit, mode, terse):
    """One run's figure of a case, "not run (why)" where it has none; the
    decoding's per-token time with its tokens per second."""
    why = app_not_run(run, prefix, mode, terse)
    if why is not None:
        return why
    value = run.apps[prefix][mode].get(case)
    if prefix == "decode" and value:
        return "%s (%s tokens/s)" % (fmt(value, unit), fmt(1e3 / value))
    return fmt(value, unit)


def app_rows(run):
    """The side-by-side table's rows of the Python applications."""
    rows = []
    for prefix, case, unit, _, label in PY_APPS:
        figures = run.apps[prefix]
        a, b, c = (figures[mode].get(case) for mode, _ in TORCH_MODES)
        same = app_cell(run, prefix, case, unit, "local", True)
        if c is not None:
            same += " (%s)" % ratio(c, a)
        rows.append([label, app_cell(run, prefix, case, unit, "native", False),
                     app_cell(run, prefix, case, unit, "oncuda", True),
                     ratio(b, a), same, "—", "—"])
    return rows


def app_header(md, run):
    """The header's line on each Python application: what it ran, or why
    it has no figures."""
    for prefix, _, _, name, _ in PY_APPS:
        ran = [(words, run.apps[prefix][mode]) for mode, words in TORCH_MODES
               if run.apps[prefix][mode].results]
        if not ran:
            md.out("- %s: %s" % (name, app_not_run(run, prefix, "native") or
                                 "no figures (see %s_*.err beside this "
                                 "report)" % prefix))
            continue
        info = ran[0][1].info
        facts = ["%s %s" % (key, cell_text(info[key]))
                 for key in ("torch", "triton", "model", "plan", "tokens")
                 if key in info]
        facts.append("libcuda " + "; ".join(
            "%s: %s" % (words, f.info.get("libcuda", "?")) for words, f in ran))
        facts.extend(rounds_fact(words, f) for words, f in ran
                     if rounds_fact(words, f))
        md.out("- %s: %s" % (name, "; ".join(facts)))


def rounds_fact(words, figures):
    """The medians of each round of a case run in several (BENCH_ROUNDS),
    or None for one round."""
    for r in figures.results.values():
        if len(r["medians"]) > 1:
            return "%s rounds %s %s" % (words, ", ".join(
                fmt(m) for m in r["medians"]), r["unit"])
    return None


def app_programs():
    """The raw figures' programs of the Python applications: (the words,
    the prefix, the mode)."""
    return [("%s %s" % (name, words), prefix, mode)
            for prefix, _, _, name, _ in PY_APPS for mode, words in TORCH_MODES]
