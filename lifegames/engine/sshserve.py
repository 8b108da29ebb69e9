"""Where the forced command of seats over ssh was before the engine had sub-packages.

The `authorized_keys` lines a host appended before then run this path (`python -I -S
.../lifegames/engine/sshserve.py --player ... --repo ... --git ...`), and a host should not
have to write their players' keys again after an upgrade. So this file stays, as a standalone
script like the one it stands for: it runs engine/seats/sshserve.py, beside it, with the same
arguments, and imports nothing of lifegames.
"""

import runpy
from pathlib import Path

if __name__ == "__main__":
    runpy.run_path(str(Path(__file__).resolve().parent / "seats" / "sshserve.py"),
                   run_name="__main__")
