"""The hosted tables' modules and the table's import no module that imports them back, counting imports made
inside functions too (grimp, import-linter's graph, sees those)."""

import grimp
import pytest

MODULES = [
    "citadels_tui.admin",
    "citadels_tui.chat",
    "citadels_server.hosted_store",
    "citadels_tui.journal",
    "citadels_tui.lobby",
    "citadels_tui.saves",
    "citadels_tui.searches",
    "citadels_tui.table",
    "citadels_tui.thinking",
    "citadels_server.game",
    "citadels_server.hub",
    "citadels_server.replication",
]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("citadels_tui", "citadels_server", "citadels_core")


@pytest.mark.parametrize("module", MODULES)
def test_no_import_of_the_module_leads_back_to_it(graph, module):
    back = {
        dep: chain
        for dep in graph.find_modules_directly_imported_by(module)
        if (chain := graph.find_shortest_chain(importer=dep, imported=module)) is not None
    }
    assert back == {}


def test_the_graph_sees_imports_made_inside_functions(graph):
    # The table imports the worker processes' module only when a bot first thinks.
    assert "citadels_tui.thinking" in graph.find_modules_directly_imported_by("citadels_tui.table")
