"""A bounded, thread-safe cache of the most recently used values (batch answers questions from several threads)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LockedLru(Generic[K, V]):
    """The last *size* values by key; a value is built outside the lock (two threads may build it once each)."""

    def __init__(self, size: int) -> None:
        self._items: OrderedDict[K, V] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def __contains__(self, key: K) -> bool:
        with self._lock:
            return key in self._items

    def get(self, key: K) -> V | None:
        """The value of *key*, now the most recently used; None when not kept."""
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: K, value: V) -> None:
        """Keep *value*, dropping the least recently used beyond the size."""
        with self._lock:
            self._items[key] = value
            if len(self._items) > self._size:
                self._items.popitem(last=False)

    def get_or_build(self, key: K, build: Callable[[], V]) -> V:
        """The value of *key*, built and kept when missing."""
        found = self.get(key)
        if found is None:
            found = build()
            self.put(key, found)
        return found
