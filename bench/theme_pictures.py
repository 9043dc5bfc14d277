"""Pictures of every theme for docs/themes.md, from the same app states as the snapshot tests.

    .venv/bin/python bench/theme_pictures.py            # docs/images/theme-NAME.svg
    .venv/bin/python bench/theme_pictures.py --png      # and .png beside them (needs cairosvg)

Each picture is the turn screen at 120×40 (Anna has chosen the Assassin and taken gold), so the themes
can be compared side by side."""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [
    str(ROOT / "tests" / "support"),
    str(ROOT / "tests" / "tui"),
]  # the snapshot tests' app states: one definition of each

from test_tui_snapshots import LARGE, STATES, THEMES, make_app  # noqa: E402


async def picture(theme: str, state: str = "turn", size: tuple[int, int] = LARGE) -> str:
    with tempfile.TemporaryDirectory() as home:
        app = make_app(Path(home), theme)
        async with app.run_test(size=size) as pilot:
            await STATES[state][0](pilot)
            await pilot.pause()
            return app.export_screenshot(title=f"Citadels — {theme}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--png", action="store_true", help="also write PNGs (cairosvg)")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for theme in THEMES:
        svg = asyncio.run(picture(theme))
        path = args.out / f"theme-{theme}.svg"
        path.write_text(svg, encoding="utf-8")
        if args.png:
            import cairosvg  # only for --png: not a dependency of the project

            cairosvg.svg2png(
                bytestring=svg.encode("utf-8"), write_to=str(path.with_suffix(".png")), output_width=1200
            )
        print(path)


if __name__ == "__main__":
    main()
