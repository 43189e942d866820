"""A disk with no room left, for the tests of saving: the game's writes fail with ENOSPC."""

from __future__ import annotations

import errno
import os

from game.core import files


class FullDisk:
    """Every write of the game's files fails with ENOSPC while `full` is set (atomic writes and the
    journal's appends), as on a disk with no room left."""

    def __init__(self, monkeypatch):
        self.full = False
        real_atomic, real_write = files.atomic_write_bytes, os.write

        def atomic(path, data):
            if self.full:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real_atomic(path, data)

        def write(fd, data):
            if self.full and fd > 2:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real_write(fd, data)
        monkeypatch.setattr(files, "atomic_write_bytes", atomic)
        monkeypatch.setattr(os, "write", write)
