"""docintel: answers about PDF documents, with citations that are checked."""

__version__ = "0.1.0"
