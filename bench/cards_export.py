"""A generated card database export the size of a set, in both shapes, with the real exports'
quirks: numbers as strings, ``#`` around what differs between a card's versions, empty powers on
spells, a support ability apart, heroes with limits, tokens, French non-breaking spaces.

    .venv/bin/python bench/cards_export.py DIR [--families N] [--seed S]

writes ``DIR/json/<SET>/<FACTION>/<NUM>/<REF>.json`` (one file per card version, five languages)
and ``DIR/SETS/<SET>/<SET>_<LANG>.json`` (one file per language). Names are made of syllables:
no real card is in it. ``--families 110`` gives 318 versions (commons, two rares each; heroes and
tokens have only a common)."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

LOCALES = {"fr": "fr_FR", "en": "en_US", "de": "de_DE", "es": "es_ES", "it": "it_IT"}
FACTIONS = ["AX", "BR", "LY", "MU", "OR", "YZ"]
SYLLABLES = ["ka", "lo", "mé", "ri", "zan", "tho", "vé", "quo", "ar", "èl", "nu", "sï", "dra", "phi", "or", "ül"]
NB = "\u00a0"
SET = "GENR"
TEXTS = [  # (fr, en): what an ability may print
    (f"À{NB}Midi — Je gagne {{n}} boost.", "At Noon — I gain {n} boost."),
    ("{J} Piochez une carte.", "{J} Draw a card."),
    ("{H} Vous pouvez piocher une carte.", "{H} You may draw a card."),
    ("Au Crépuscule — Je gagne Ancré.", "At Dusk — I gain Anchored."),
    ("{J} Vous pouvez redresser une carte épuisée en Réserve.", "{J} You may ready an exhausted card in Reserve."),
]
ECHO = (
    f"{{D}}{NB}: Piochez une carte. (Défaussez-moi de la Réserve pour ça.)",
    "{D} : Draw a card. (Discard me from Reserve to do this.)",
)


def name(rng: random.Random) -> str:
    return " ".join(
        "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize() for _ in range(rng.randint(1, 2))
    )


def versions(families: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for n in range(1, families + 1):
        faction = FACTIONS[n % len(FACTIONS)]
        kind = (
            "HERO"
            if n <= 6
            else "TOKEN"
            if n in (7, 8)
            else "SPELL"
            if n % 5 == 0
            else "PERMANENT"
            if n % 7 == 0
            else "CHARACTER"
        )
        base = {lang: name(rng) + (f"{NB}{lang}" if lang not in ("fr", "en") else "") for lang in LOCALES}
        ability = rng.randrange(len(TEXTS))
        rarities = ["C"] if kind in ("HERO", "TOKEN") else ["C", "R1", "R2"]
        for rarity in rarities:
            rare = rarity != "C"
            mark = (lambda v: f"#{v}#") if rare else str
            cost = rng.randint(1, 5)
            out.append(
                {
                    "reference": f"ALT_{SET}_B_{faction}_{n:02d}_{rarity}",
                    "faction": faction,
                    "number": n,
                    "kind": kind,
                    "rarity": "COMMON" if not rare else "RARE",
                    "names": base,
                    "numbers": {
                        "MAIN_COST": mark(cost + rare) if kind not in ("HERO",) else "0",
                        "RECALL_COST": str(cost),
                        **(
                            {
                                "FOREST_POWER": mark(rng.randint(0, 4)),
                                "MOUNTAIN_POWER": str(rng.randint(0, 4)),
                                "OCEAN_POWER": str(rng.randint(0, 4)),
                            }
                            if kind in ("CHARACTER", "TOKEN")
                            else {"FOREST_POWER": "", "MOUNTAIN_POWER": "", "OCEAN_POWER": ""}
                            if kind == "SPELL"
                            else {}
                        ),
                        **({"RESERVE": "2", "PERMANENT": "3"} if kind == "HERO" else {}),
                    },
                    "main": tuple(t.replace("{n}", "#2#" if rare else "1") for t in TEXTS[ability]),
                    "main_ref": f"9{ability}{int(rare)}{n:03d}",
                    "echo": ECHO if kind == "CHARACTER" else None,
                    "echo_ref": "98000",
                }
            )
    return out


def per_card(v: dict) -> dict:
    def part(texts):
        return {
            "idGd": 0,
            "cardEffectElementDisplays": [],
            "type": "OUTPUT",
            "translations": {LOCALES[l]: {"text": t, "locale": LOCALES[l]} for l, t in texts.items()},
        }

    def texts(pair):
        fr, en = pair
        return {"fr": fr, "en": en, "de": en, "es": en, "it": en}

    elements = [
        {"cardElementType": {"reference": k}, "cardEffectDisplays": [], "value": val} for k, val in v["numbers"].items()
    ]
    elements.append(
        {
            "cardElementType": {"reference": "MAIN_EFFECT"},
            "cardEffectDisplays": [
                {
                    "cardEffect": {"cardEffectElements": [part(texts(v["main"]))], "reference": v["main_ref"]},
                    "sequence": 0,
                }
            ],
            "value": v["main"][1],
        }
    )
    if v["echo"]:
        elements.append(
            {
                "cardElementType": {"reference": "ECHO_EFFECT"},
                "cardEffectDisplays": [
                    {
                        "cardEffect": {"cardEffectElements": [part(texts(v["echo"]))], "reference": v["echo_ref"]},
                        "sequence": 0,
                    }
                ],
                "value": v["echo"][1],
            }
        )
    return {
        "cardType": {"reference": v["kind"]},
        "cardSet": {"reference": SET, "name": "Generated"},
        "rarity": {"reference": v["rarity"]},
        "mainFaction": {"reference": v["faction"]},
        "reference": v["reference"],
        "cardElements": elements,
        "translations": {LOCALES[l]: {"name": n, "locale": LOCALES[l]} for l, n in v["names"].items()},
        "name": v["names"]["en"],
        "elements": dict(v["numbers"]),
    }


def per_language(v: dict, lang: str) -> dict:
    main = v["main"][0] if lang == "fr" else v["main"][1]
    elements = dict(v["numbers"], MAIN_EFFECT=main)
    if v["echo"]:
        elements["ECHO_EFFECT"] = v["echo"][0] if lang == "fr" else v["echo"][1]
    return {
        "@id": "/cards/" + v["reference"],
        "cardType": {"reference": v["kind"]},
        "cardSet": {"reference": SET, "name": "Generated"},
        "rarity": {"reference": v["rarity"]},
        "mainFaction": {"reference": v["faction"]},
        "reference": v["reference"],
        "imagePath": f"https://images.invalid/{v['reference']}/{LOCALES[lang]}/x.jpg",
        "name": v["names"][lang],
        "elements": elements,
    }


def write(directory: Path, families: int = 110, seed: int = 7) -> dict[str, int]:
    """Write both shapes under ``directory``; returns how many versions and files."""
    all_versions = versions(families, seed)
    for v in all_versions:
        path = directory / "json" / SET / v["faction"] / f"{v['number']:02d}" / f"{v['reference']}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(per_card(v), ensure_ascii=False))
    sets = directory / "SETS" / SET
    sets.mkdir(parents=True, exist_ok=True)
    for lang in LOCALES:
        (sets / f"{SET}_{lang.upper()}.json").write_text(
            json.dumps([per_language(v, lang) for v in all_versions], ensure_ascii=False)
        )
    return {"versions": len(all_versions), "card_files": len(all_versions), "set_files": len(LOCALES)}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--families", type=int, default=110)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(write(args.directory, args.families, args.seed))
