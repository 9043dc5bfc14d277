"""Card tables, one module per edition."""
