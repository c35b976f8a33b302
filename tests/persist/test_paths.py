"""What a player is told when a file cannot be written: a code per thing he can do about it
(free space, give the game its folder back, try again), never the system's own words."""

from __future__ import annotations

import errno

import pytest

from game import i18n
from game.persist.paths import FAILED, FULL, LOCKED, write_atomic, write_failure


@pytest.mark.parametrize(
    "exc, code",
    [
        (OSError(errno.ENOSPC, "No space left on device"), FULL),
        (OSError(errno.EROFS, "Read-only file system"), LOCKED),
        (PermissionError(errno.EACCES, "Permission denied"), LOCKED),
        (OSError(errno.EIO, "Input/output error"), FAILED),
        (OSError("no errno at all"), FAILED),
    ],
)
def test_each_write_error_has_a_code(exc, code):
    assert write_failure(exc) == code


def test_a_real_failed_write_has_a_code_every_language_explains(tmp_path):
    (tmp_path / "saves").write_text("a file where the folder should be")
    with pytest.raises(OSError) as caught:
        write_atomic(tmp_path / "saves" / "game.json", "{}")
    code = write_failure(caught.value)
    assert code == FAILED
    for language in ("en", "de", "nl"):
        i18n.set_language(language)
        assert i18n.has(f"files.{code}") and "saves" not in i18n.tr(f"files.{code}")
    i18n.set_language("en")
