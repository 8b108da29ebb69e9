"""The one name for data that crosses a JSON (or safe-loaded YAML) boundary: `Json`.

A state read from a game folder, a view written out as `state --json`, a rule table loaded from
YAML: their values are whatever the file held until a declaration or a loader has checked
them, so the type checker cannot know them. Code that handles such values says so by naming
them `Json` (and `JsonObject` for a JSON object), never a bare `Any`: every place where typing
stops is then a JSON boundary, and `grep Json` finds them all. Everything inside the rules is
typed by each game's declaration (its state.py) instead.
"""

from typing import Any

Json = Any  # a JSON value whose shape is not checked yet (or is checked by code, not types)
JsonObject = dict[str, Any]  # a JSON object: a state read from disk, a view to write out
