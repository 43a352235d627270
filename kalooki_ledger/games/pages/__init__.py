"""The page models: what the table, watch and sheet pages show, built from the game's row, its
ledger and its forms (`games.present` writes the words; this package puts a page together)."""
