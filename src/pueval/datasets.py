"""The nine UCI datasets of the paper (Table 1): where they come from and how they are binarized.

Each :class:`DatasetSpec` names the UCI id (for ``ucimlrepo``), the original UCI files of a local
mirror with their SHA-256 (``shared/uci/SOURCES.md``), the column names ``ucimlrepo`` gives
(features then targets), and the positive-class rule that reproduces the paper's alpha.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd


@dataclass(frozen=True)
class MirrorFile:
    name: str
    sha256: str


@dataclass(frozen=True)
class DatasetSpec:
    """What identifies one dataset and how its raw table becomes a binary problem."""

    key: str
    title: str
    uci_id: int
    files: tuple[MirrorFile, ...]
    features: tuple[str, ...]
    targets: tuple[str, ...]
    read_mirror: Callable[[list[Path]], pd.DataFrame] = field(repr=False)
    positive: Callable[[pd.DataFrame], pd.Series] = field(repr=False)
    categorical: tuple[str, ...] = ()
    first_rows: int | None = None  # keep only the first rows of the raw table (Landsat: sat.trn)

    @property
    def columns(self) -> list[str]:
        return [*self.features, *self.targets]


def _csv(sep: str = ",", header: int | None = None, skip_header: bool = False):
    """A reader of headerless (or header-skipped) delimited UCI files, concatenated in order."""

    def read(paths: list[Path]) -> pd.DataFrame:
        frames = [
            pd.read_csv(p, sep=sep, header=header, skiprows=1 if skip_header else 0) for p in paths
        ]
        return pd.concat(frames, ignore_index=True)

    return read


def _xls(paths: list[Path]) -> pd.DataFrame:
    """First sheet of an Excel 97 file, header row skipped (Concrete_Data.xls)."""
    import xlrd

    sheet = xlrd.open_workbook(str(paths[0])).sheet_by_index(0)
    rows = [sheet.row_values(i) for i in range(1, sheet.nrows)]
    return pd.DataFrame(rows, dtype=float)


def _numbered(prefix: str, count: int) -> tuple[str, ...]:
    return tuple(f"{prefix}{i}" for i in range(1, count + 1))


_MUSHROOM_FEATURES = (
    "cap-shape", "cap-surface", "cap-color", "bruises", "odor", "gill-attachment",
    "gill-spacing", "gill-size", "gill-color", "stalk-shape", "stalk-root",
    "stalk-surface-above-ring", "stalk-surface-below-ring", "stalk-color-above-ring",
    "stalk-color-below-ring", "veil-type", "veil-color", "ring-number", "ring-type",
    "spore-print-color", "population", "habitat",
)  # fmt: skip

_SPAMBASE_WORDS = (
    "make", "address", "all", "3d", "our", "over", "remove", "internet", "order", "mail",
    "receive", "will", "people", "report", "addresses", "free", "business", "email", "you",
    "credit", "your", "font", "000", "money", "hp", "hpl", "george", "650", "lab", "labs",
    "telnet", "857", "data", "415", "85", "technology", "1999", "parts", "pm", "direct", "cs",
    "meeting", "original", "project", "re", "edu", "table", "conference",
)  # fmt: skip

_SPAMBASE_FEATURES = (
    *(f"word_freq_{w}" for w in _SPAMBASE_WORDS),
    *(f"char_freq_{c}" for c in ";([!$#"),
    "capital_run_length_average",
    "capital_run_length_longest",
    "capital_run_length_total",
)

SPECS: dict[str, DatasetSpec] = {
    spec.key: spec
    for spec in [
        DatasetSpec(
            key="abalone",
            title="Abalone",
            uci_id=1,
            files=(MirrorFile("abalone.data", "de37cdcdcaaa50c309d514f248f7c2302a5f1f88c168905eba23fe2fbc78449f"),),
            features=("Sex", "Length", "Diameter", "Height", "Whole_weight", "Shucked_weight",
                      "Viscera_weight", "Shell_weight"),
            targets=("Rings",),
            read_mirror=_csv(),
            positive=lambda raw: raw["Rings"] > 9,
            categorical=("Sex",),
        ),
        DatasetSpec(
            key="airfoil",
            title="Airfoil",
            uci_id=291,
            files=(MirrorFile("airfoil_self_noise.dat", "74c75fd71783f1e6b71f8a622b993dc592897a97cd689c5090a07147a1b097b3"),),
            features=("frequency", "attack-angle", "chord-length", "free-stream-velocity",
                      "suction-side-displacement-thickness"),
            targets=("scaled-sound-pressure",),
            read_mirror=_csv(sep="\t"),
            positive=lambda raw: raw["scaled-sound-pressure"] > 126,
        ),
        DatasetSpec(
            key="anuran",
            title="Anuran",
            uci_id=406,
            files=(MirrorFile("Frogs_MFCCs.csv", "8b161e8d8535b871043cce7ecb7a3496e4b8baef377f1fe9bd4bc91b6effca38"),),
            features=tuple(f"MFCCs_{i:>2}" for i in range(1, 23)),
            targets=("Family", "Genus", "Species"),
            read_mirror=lambda paths: _csv(skip_header=True)(paths).iloc[:, :25],  # RecordID is an id
            positive=lambda raw: raw["Family"] == "Leptodactylidae",
        ),
        DatasetSpec(
            key="concrete",
            title="Concrete",
            uci_id=165,
            files=(MirrorFile("Concrete_Data.xls", "0233dedd4c6f36b73ce7ffe2dd607eb5373ea74de1fe2a88c1b69fd69fabfad3"),),
            features=("Cement", "Blast Furnace Slag", "Fly Ash", "Water", "Superplasticizer",
                      "Coarse Aggregate", "Fine Aggregate", "Age"),
            targets=("Concrete compressive strength",),
            read_mirror=_xls,
            positive=lambda raw: raw["Concrete compressive strength"] > 36,
        ),
        DatasetSpec(
            key="landsat",
            title="Landsat",
            uci_id=146,
            files=(
                MirrorFile("sat.trn", "e896dc88a960fa2404160fc4c3cb3dc53fcf4afd80ba920bf2d261bd42d12613"),
                MirrorFile("sat.tst", "4b9167b8a92baafafed7c8809aef86d0683a5e685c19d98d119fa6974f0f2479"),
            ),
            features=_numbered("Attribute", 36),
            targets=("class",),
            read_mirror=_csv(sep=" "),
            positive=lambda raw: raw["class"] == 1,
            first_rows=4435,
        ),
        DatasetSpec(
            key="mushroom",
            title="Mushroom",
            uci_id=73,
            files=(MirrorFile("agaricus-lepiota.data", "e65d082030501a3ebcbcd7c9f7c71aa9d28fdfff463bf4cf4716a3fe13ac360e"),),
            features=_MUSHROOM_FEATURES,
            targets=("poisonous",),
            # UCI puts the class first; ucimlrepo lists it last, as a target.
            read_mirror=lambda paths: _csv(header=None)(paths).iloc[:, list(range(1, 23)) + [0]],
            positive=lambda raw: raw["poisonous"] == "e",
            categorical=_MUSHROOM_FEATURES,
        ),
        DatasetSpec(
            key="pageblock",
            title="Pageblock",
            uci_id=78,
            files=(MirrorFile("page-blocks.data", "52058b6e19ba797b5e80ae6454ebb3b7a25016787e668dd3203393c236d22c78"),),
            features=("height", "lenght", "area", "eccen", "p_black", "p_and", "mean_tr",
                      "blackpix", "blackand", "wb_trans"),
            targets=("class",),
            read_mirror=_csv(sep=r"\s+"),
            positive=lambda raw: raw["class"] == 1,
        ),
        DatasetSpec(
            key="spambase",
            title="Spambase",
            uci_id=94,
            files=(MirrorFile("spambase.data", "b1ef93de71f97714d3d7d4f58fc9f718da7bbc8ac8a150eff2778616a8097b12"),),
            features=_SPAMBASE_FEATURES,
            targets=("Class",),
            read_mirror=_csv(),
            positive=lambda raw: raw["Class"] == 1,
        ),
        DatasetSpec(
            key="waveform",
            title="Waveform",
            uci_id=107,
            files=(MirrorFile("waveform.data", "da332f3121943f586826f5d1b2cdd354548c59f71ddbf28c4d0c2eb623d7bfc3"),),
            features=_numbered("Attribute", 21),
            targets=("class",),
            read_mirror=_csv(),
            positive=lambda raw: raw["class"] == 1,
        ),
    ]
}  # fmt: skip


def spec(key: str) -> DatasetSpec:
    try:
        return SPECS[key]
    except KeyError:
        raise ValueError(f"unknown dataset {key!r}; known: {', '.join(SPECS)}") from None


def binarize(raw: pd.DataFrame, spec: DatasetSpec) -> tuple[pd.DataFrame, np.ndarray]:
    """Features (categoricals one-hot encoded) and 0/1 labels of a raw ucimlrepo-shaped table.

    Missing categorical values (UCI's ``?``, or NaN) are a level of their own, so Mushroom's
    ``stalk-root`` gives 117 one-hot columns in all.
    """
    missing = sorted(set(spec.columns) - set(raw.columns))
    if missing:
        raise ValueError(f"{spec.key}: raw table lacks columns {missing}")
    if spec.first_rows is not None:
        raw = raw.iloc[: spec.first_rows]
    labels = spec.positive(raw).to_numpy(dtype=np.int8)
    features = raw.loc[:, list(spec.features)]
    if spec.categorical:
        cats = features[list(spec.categorical)].astype("string").fillna("?")
        features = pd.concat(
            [features.drop(columns=list(spec.categorical)), pd.get_dummies(cats, dtype=np.float32)],
            axis=1,
        )
    features = features.astype(np.float64).reset_index(drop=True)
    if features.isna().any().any():
        raise ValueError(f"{spec.key}: numeric features contain missing values")
    return features, labels


def stratified_subsample(labels: np.ndarray, size: int | None, seed: np.random.SeedSequence) -> np.ndarray:
    """Sorted row indices of a class-stratified subsample of ``size`` rows (all rows if None or ≥ n).

    Each class keeps round(size · its share) rows, so alpha is kept to within 1/size.
    """
    n = labels.size
    if size is None or size >= n:
        return np.arange(n)
    rng = np.random.default_rng(seed)
    positives = np.flatnonzero(labels == 1)
    negatives = np.flatnonzero(labels == 0)
    n_pos = round(size * positives.size / n)
    keep = np.concatenate(
        [rng.choice(positives, n_pos, replace=False), rng.choice(negatives, size - n_pos, replace=False)]
    )
    return np.sort(keep)


def prepare(
    raw: pd.DataFrame, spec: DatasetSpec, subsample: int | None, seed: np.random.SeedSequence
) -> tuple[pd.DataFrame, np.ndarray]:
    """Binarized features and labels, stratified-subsampled to ``subsample`` rows when larger."""
    features, labels = binarize(raw, spec)
    keep = stratified_subsample(labels, subsample, seed)
    return features.iloc[keep].reset_index(drop=True), labels[keep]
