"""The applications: the command line, the terminal game, the web server and its pages,
the engine protocol, and the texts of messages in Thai and English."""
