"""Screens and widgets of the app, one per file, each with its .tcss beside it when it has styles."""
