"""Start-up validation of the pipeline config against ``config/schema.yaml``.

A bad config fails before any job runs, with a message that names the offending key.
"""

from __future__ import annotations

from pathlib import Path

import jsonschema
import yaml

class ConfigError(ValueError):
    """The config does not satisfy the schema (the message names the key)."""


def _key(path) -> str:
    return ".".join(str(p) for p in path) or "<top level>"


def validate(config: dict, schema_path: str | Path) -> dict:
    """Check ``config``, fill in schema defaults in place and return it; raise ConfigError."""
    schema = yaml.safe_load(Path(schema_path).read_text())
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(config), key=lambda e: list(e.absolute_path))
    if errors:
        lines = [f"config key '{_key(e.absolute_path)}': {e.message}" for e in errors]
        raise ConfigError("invalid config:\n  " + "\n  ".join(lines))
    for key, prop in schema["properties"].items():
        if "default" in prop:
            config.setdefault(key, prop["default"])
    mirror = config.get("uci_mirror")
    if mirror and not Path(mirror).is_dir():
        raise ConfigError(f"config key 'uci_mirror': {mirror!r} is not a folder")
    return config
