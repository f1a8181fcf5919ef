"""Pictures of the board: SVG (shared by the command line, the web app and the docs) and PNG."""
