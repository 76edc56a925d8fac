"""The local web view of traces: a list, a page per trace with the cited lines shown on their pages, asking
from the page, and a self-contained HTML export.

Modules: ``evidence`` reads what a page shows out of a trace (items, checks, cited lines by page);
``art`` is the seam to page images and line boxes; ``guard`` decides what may be read or served;
``html``, ``tracepage`` and ``listpage`` write the HTML; ``export`` writes one file; ``server`` serves it all
on 127.0.0.1 with the standard library's http.server.
"""
