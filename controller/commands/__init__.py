"""One module per `jaccuse-table` subcommand."""
