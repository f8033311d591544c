"""RULES.md: the table of the rules the engine implements, generated from the declarations and the
coverage prose (``python -m engine rules``), each function with its file and line; the two glossary
articles' paragraphs read from the seed texts (fixtures/rules/)."""

from __future__ import annotations

import re
from pathlib import Path

from ...versions import RULESETS, changed_rules, concordance, cr5, is_cr5
from .coverage import (
    ARTICLE_NOT_APPLICABLE,
    CR5_NOT_PLAYED,
    CR5_PLAYED,
    CR5_TRANSLATED,
    HEADINGS,
    NOT_IMPLEMENTED,
    PHASES_NOT_APPLICABLE,
)
from .declare import (
    ARTICLE_2V2,
    ARTICLE_IMPLEMENTED,
    ARTICLE_PHASES,
    ENGINE_DIR,
    IMPLEMENTED,
    INTRO,
    LOCATIONS,
    PHASES_IMPLEMENTED,
)


def phases_paragraphs(text: str) -> list[tuple[str, str]]:
    """The phases article's bullets in a seed text: (label, text), from its title to the first line
    that is neither a bullet, nor blank, nor its one subheading ("Phase du Matin")."""
    lines = text.splitlines()
    start = lines.index(ARTICLE_PHASES) + 1
    out: list[tuple[str, str]] = []
    for line in lines[start:]:
        line = line.strip()
        if not line or line == "Phase du Matin":
            continue
        if not line.startswith("•"):
            break
        label, _, rest = line.lstrip("• ").partition(" : ")
        out.append((label.strip(), rest.strip()))
    return out


def article_paragraphs(text: str) -> list[tuple[str, int, str]]:
    """The 2v2 article's paragraphs in a seed text: (section, number, text). A subheading is a
    line that is not a bullet, not indented and does not end with "." or ":"."""
    lines = text.splitlines()
    start = lines.index(ARTICLE_2V2) + 1
    out: list[tuple[str, int, str]] = []
    section, n = INTRO, 0
    for line in lines[start:]:
        if not line.strip():
            continue
        if not line.startswith(("•", " ")) and not line.rstrip().endswith((".", ":")):
            section, n = line.strip(), 0
            continue
        n += 1
        out.append((section, n, line.strip().lstrip("• ").strip()))
    return out


_NUM = re.compile(r"(\d+)|([a-z])")


def sort_key(number: str) -> tuple:
    return tuple((int(a), "") if a else (10**6, b) for a, b in _NUM.findall(number))


def implemented() -> dict[str, list[str]]:
    """Rule number -> implementing functions. Complete once `engine` is imported (the package
    imports the game loop, which imports every rule module, and the checker): this registry, in
    the core, imports nothing of the engine."""
    return dict(IMPLEMENTED)


def citable() -> set[str]:
    """Every rule number the engine can cite in a log entry (French numbers, and v5.0 ones written
    "4.2.5.d (CR 5.0)")."""
    return set(implemented())


def french(numbers: set[str] | dict[str, list[str]]) -> set[str]:
    """The French rule numbers among `numbers` (not the v5.0 citations)."""
    return {n for n in numbers if not is_cr5(n)}


def cr5_status() -> dict[str, tuple[str, str]]:
    """Each French rule whose v5.0 verdict is changed or absent -> (state under cr-5.0, detail):
    "jouée" (how, and the functions: those declaring its v5.0 numbers or, translated, the French
    one), "non jouée" (the reason; still cited under cr-5.0, marked `not_v5`), or "non modélisée"
    (not implemented under either rule set: a definition, a heading)."""
    impl = implemented()
    table = concordance()
    out: dict[str, tuple[str, str]] = {}
    for n in sorted(changed_rules(), key=sort_key):
        v5 = ", ".join(table[n]["v5"]) or "—"
        if n in CR5_PLAYED:
            fns = {f for m in cr5(*table[n]["v5"]) for f in impl.get(m, [])}
            if n in CR5_TRANSLATED or not fns:
                fns |= set(impl.get(n, []))
            where = ", ".join(_where(f) for f in sorted(fns)) or "—"
            out[n] = ("jouée", f"v5.0 {v5} : {CR5_PLAYED[n]} ; {where}")
        elif n in CR5_NOT_PLAYED:
            out[n] = ("non jouée", f"v5.0 {v5} : {CR5_NOT_PLAYED[n]}")
        else:
            why = NOT_IMPLEMENTED.get(n) or f"titre de section ({HEADINGS.get(n, '?')})"
            out[n] = ("non modélisée", f"v5.0 {v5} : {why}")
    return out


def cr5_table() -> tuple[str, list[str]]:
    """The totals line and the RULES.md section of the rules that changed by v5.0, under cr-5.0."""
    status = cr5_status()
    count = {k: sum(1 for s, _ in status.values() if s == k) for k in ("jouée", "non jouée", "non modélisée")}
    totals = (
        f"Totaux {RULESETS['cr-5.0']} (`cr-5.0`) : {len(status)} règles françaises modifiées ou absentes en v5.0 ; "
        f"{count['jouée']} jouées selon la v5.0 ; {count['non jouée']} non jouées (citées « N (FR 1) », clé "
        f"`not_v5`) ; {count['non modélisée']} non modélisées dans les deux versions. Les autres règles se jouent "
        "comme en fr-1, citées sous leur numéro v5.0."
    )
    lines = [
        "",
        '## Sous les Comprehensive Rules 5.0 (`rules: "cr-5.0"`)',
        "",
        "Chaque règle française dont le sens a changé en v5.0 (verdict `changed` ou `absent` de la concordance",
        "`engine/data/concordance/fr-1.json`) : jouée selon la v5.0 (fonctions, numéros v5.0), non jouée (raison ;",
        "l'entrée du journal la cite « N (FR 1) » avec la clé `not_v5`), ou non modélisée.",
        "",
        "| Règle FR | Verdict v5.0 | État sous cr-5.0 | Numéros v5.0 : comment / raison ; fonctions |",
        "|---|---|---|---|",
    ]
    table = concordance()
    for n, (state, detail) in status.items():
        lines.append(f"| {n} | {table[n]['v5_verdict']} | {state} | {detail} |")
    return totals, lines


def citable_articles() -> set[tuple[str, str]]:
    """Every (article, section) the engine can cite in a log entry's `articles`."""
    implemented()
    return {(ARTICLE_2V2, s) for s, _ in ARTICLE_IMPLEMENTED} | {
        (ARTICLE_PHASES, label) for label in PHASES_IMPLEMENTED
    }


def phases_table(paragraphs: list[tuple[str, str]]) -> list[str]:
    """The RULES.md section of the phases article: every bullet, played (with its functions) or not."""
    implemented()
    lines = [
        "",
        f"## Article « {ARTICLE_PHASES} »",
        "",
        "Sans numéros : le journal cite chaque puce par son intitulé (clé `articles` des entrées).",
        "",
        "| Puce | Début du texte | État | Fonctions / raison |",
        "|---|---|---|---|",
    ]
    for label, text in paragraphs:
        words = " ".join(text.split()[:8]).replace("|", "/") + " …"
        if label in PHASES_IMPLEMENTED:
            fns = ", ".join(f"`{f}`" for f in sorted(set(PHASES_IMPLEMENTED[label])))
            lines.append(f"| {label} | {words} | jouée | {fns} |")
        else:
            lines.append(f"| {label} | {words} | non jouée | {PHASES_NOT_APPLICABLE.get(label, '?')} |")
    return lines


def article_table(paragraphs: list[tuple[str, int, str]]) -> list[str]:
    """The RULES.md section of the 2v2 article: every paragraph, played (with its functions) or not
    applicable (with the reason)."""
    implemented()
    lines = [
        "",
        f"## Article « {ARTICLE_2V2} »",
        "",
        "Sans numéros : le journal le cite par titre et sous-titre (clé `articles` des entrées).",
        "",
        "| Section | § | Début du paragraphe | État | Fonctions / raison |",
        "|---|---|---|---|---|",
    ]
    for section, n, text in paragraphs:
        words = " ".join(text.split()[:8]).replace("|", "/") + " …"
        if (section, n) in ARTICLE_IMPLEMENTED:
            fns = ", ".join(f"`{f}`" for f in sorted(set(ARTICLE_IMPLEMENTED[(section, n)])))
            lines.append(f"| {section} | {n} | {words} | jouée | {fns} |")
        else:
            lines.append(
                f"| {section} | {n} | {words} | non applicable | {ARTICLE_NOT_APPLICABLE.get((section, n), '?')} |"
            )
    return lines


def _where(fn: str, sources: dict[str, list[str]] = {}) -> str:  # noqa: B006 (a cache of files read)
    """`rules.night.rest` (rules/night.py:23): the function and the line of its `def`."""
    path, line = LOCATIONS.get(fn, ("?", 0))
    if path != "?":
        if path not in sources:
            sources[path] = (ENGINE_DIR / path).read_text(encoding="utf-8").splitlines()
        lines = sources[path]
        while line <= len(lines) and not lines[line - 1].lstrip().startswith("def "):
            line += 1
    return f"`{fn}` ({path}:{line})"


def table() -> str:
    """The implemented-rules table as markdown (the content of engine/RULES.md)."""
    impl = {n: fns for n, fns in implemented().items() if not is_cr5(n)}
    numbers = sorted(set(impl) | set(NOT_IMPLEMENTED) | set(HEADINGS), key=sort_key)
    cr5_totals, cr5_lines = cr5_table()
    n_impl = sum(1 for n in numbers if n in impl)
    n_not = sum(1 for n in numbers if n not in impl and n in NOT_IMPLEMENTED)
    n_head = sum(1 for n in numbers if n not in impl and n not in NOT_IMPLEMENTED)
    lines = [
        "# Règles des seeds et moteur",
        "",
        "Généré par `python -m engine rules` depuis le code (`engine/rules/registry/` et les",
        "décorateurs `@implements`) ; ne pas modifier à la main. Chaque fonction est suivie de son",
        "fichier et de sa ligne (sous `engine/`) : d'une règle citée par le journal à son code en un saut.",
        "",
        f"Totaux : {len(numbers)} numéros ; {n_impl} implémentés ; {n_not} non implémentés (avec raison) ; "
        f"{n_head} titres de section.",
        "",
        cr5_totals,
        "",
        "| Règle | État | Fonctions / raison |",
        "|---|---|---|",
    ]
    for n in numbers:
        if n in impl:
            lines.append(f"| {n} | implémentée | {', '.join(_where(f) for f in sorted(set(impl[n])))} |")
        elif n in NOT_IMPLEMENTED:
            lines.append(f"| {n} | non implémentée | {NOT_IMPLEMENTED[n]} |")
        else:
            lines.append(f"| {n} | titre de section | {HEADINGS[n]} : voir ses règles lettrées |")
    lines += cr5_lines
    lines += article_table(seed_article_paragraphs())
    lines += phases_table(seed_phases_paragraphs())
    return "\n".join(lines) + "\n"


def seed_phases_paragraphs() -> list[tuple[str, str]]:
    """The phases article's bullets, read from the seed glossary (fixtures/rules/), or the
    registry's own list when the seeds are not at hand (an installed engine)."""
    for path in sorted((Path(__file__).resolve().parents[3] / "fixtures" / "rules").glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        if f"\n{ARTICLE_PHASES}\n" in text:
            return phases_paragraphs(text)
    return [(label, "") for label in sorted(set(PHASES_IMPLEMENTED) | set(PHASES_NOT_APPLICABLE))]


def seed_article_paragraphs() -> list[tuple[str, int, str]]:
    """The 2v2 article's paragraphs, read from the seed glossary (fixtures/rules/), or the
    registry's own list when the seeds are not at hand (an installed engine)."""
    for path in sorted((Path(__file__).resolve().parents[3] / "fixtures" / "rules").glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        if f"\n{ARTICLE_2V2}\n" in text:
            return article_paragraphs(text)
    return [(s, n, "") for s, n in sorted(set(ARTICLE_IMPLEMENTED) | set(ARTICLE_NOT_APPLICABLE))]
