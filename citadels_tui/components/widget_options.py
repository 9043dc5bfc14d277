"""The keyword options that Textual's screens and widgets take in their constructors, as TypedDicts: a
screen or widget of ours that passes them on to its base class takes `**kw: Unpack[WidgetOptions]`, so
that mypy checks both the options its callers give and the call it makes. Imported for type checking
only: making a TypedDict costs the start a class."""

from typing import TypedDict


class ScreenOptions(TypedDict, total=False):
    """What `textual.screen.Screen` takes besides its own arguments."""

    name: str | None
    id: str | None
    classes: str | None


class WidgetOptions(ScreenOptions, total=False):
    """What `textual.widget.Widget` (and Static, OptionList, Input, ScrollView) takes besides its own."""

    disabled: bool
