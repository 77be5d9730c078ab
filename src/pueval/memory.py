"""What memory this process can still allocate, by every limit Linux shows it: read before a large allocation
(KM's Gram matrices, a Parquet table's declared rows), so that it is refused with a message instead of killed."""

from __future__ import annotations

import resource


def _read_number(path: str) -> int | None:
    """The integer a (cgroup) file holds, or None where it is absent, unreadable or "max"."""
    try:
        with open(path) as file:
            text = file.read().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def _status_bytes(field: str) -> int | None:
    """A ``kB`` field of /proc/self/status (VmSize, the address space in use), in bytes."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def memory_limits() -> dict[str, int]:
    """What this process can still allocate, by every limit Linux shows it (bytes; absent limits left out):

    * ``MemAvailable``: what the machine can still give (/proc/meminfo);
    * ``cgroup``: the container's memory limit less its usage (cgroup v2 ``memory.max`` − ``memory.current``,
      or v1 ``memory.limit_in_bytes`` − ``memory.usage_in_bytes``);
    * ``RLIMIT_AS``: the address-space limit (``ulimit -v``) less the address space in use (VmSize).
    """
    limits = {}
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    limits["MemAvailable"] = int(line.split()[1]) * 1024
    except OSError:
        pass
    for limit, usage in (("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"),
                         ("/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes")):
        cap, used = _read_number(limit), _read_number(usage)
        if cap is not None and used is not None and cap < 1 << 60:  # v1 writes "no limit" as a huge number
            limits["cgroup"] = max(cap - used, 0)
            break
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    in_use = _status_bytes("VmSize")
    if soft != resource.RLIM_INFINITY and in_use is not None:
        limits["RLIMIT_AS"] = max(soft - in_use, 0)
    return limits


def available_bytes() -> int | None:
    """The least of :func:`memory_limits`, or None where none can be read."""
    limits = memory_limits()
    return min(limits.values()) if limits else None
