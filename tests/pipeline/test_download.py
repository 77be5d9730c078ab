"""pueval.pipeline.download: mirrors and URL sources checked against their checksums, columns named and reordered,
missing markers, the offline route."""


import numpy as np
import pandas as pd
import pytest

from pueval.pipeline import datasets, download
from pueval.pipeline.datasets import Labeling, binarize
from pueval.pipeline.download import Source


def _source(catalog, name):
    return Source.of(name, datasets.part(catalog, name, datasets.SOURCE_KEYS))


def test_mirror_checksum_mismatch_and_missing_file(tmp_path, catalog):
    (tmp_path / "abalone.data").write_text("M,0.1,0.1,0.1,0.1,0.1,0.1,0.1,10\n")
    with pytest.raises(download.DataUnavailableError, match="SHA-256"):
        download.read_mirror(_source(catalog, "abalone"), tmp_path)
    raw = download.read_mirror(_source(catalog, "abalone"), tmp_path, verify_checksums=False)
    assert list(raw.columns) == catalog["datasets"]["abalone"]["columns"]
    with pytest.raises(download.DataUnavailableError, match="has no file 'airfoil_self_noise.dat'"):
        download.read_mirror(_source(catalog, "airfoil"), tmp_path)


def test_mirror_names_reorder_the_file_columns(tmp_path):
    """Mushroom's file puts the class first; the entry's ``names`` and ``columns`` reorder it."""
    (tmp_path / "f.data").write_text("e,1,2\np,3,4\n")
    source = Source("m", uci=1, columns=("a", "b", "class"),
                    mirror={"files": {"f.data": "0" * 64}, "names": ["class", "a", "b"]})
    raw = download.read_mirror(source, tmp_path, verify_checksums=False)
    assert list(raw.columns) == ["a", "b", "class"] and raw["class"].tolist() == ["e", "p"]


def test_local_tables_csv_and_parquet(tmp_path):
    frame = pd.DataFrame({"x": [1.0, 2.0], "kind": ["u", "v"], "y": [0, 1]})
    frame.to_csv(tmp_path / "t.csv", index=False)
    frame.to_parquet(tmp_path / "t.parquet")
    for name in ("t.csv", "t.parquet"):
        raw = download.fetch(Source("t", file=tmp_path / name), None)
        pd.testing.assert_frame_equal(raw, frame)
    with pytest.raises(download.DataUnavailableError, match="datasets.t.source.file"):
        download.fetch(Source("t", file=tmp_path / "none.csv"), None)


def test_offline_without_mirror_names_the_config_key(monkeypatch, catalog):
    import ucimlrepo

    def offline(id):
        raise ConnectionError("Error connecting to server")

    monkeypatch.setattr(ucimlrepo, "fetch_ucirepo", offline)
    with pytest.raises(download.DataUnavailableError, match="uci_mirror"):
        download.fetch(_source(catalog, "abalone"), None)


def test_online_route_gives_the_mirror_columns(monkeypatch, catalog):
    """ucimlrepo's features + targets frames become the raw table, selected by name."""
    import ucimlrepo

    s = _source(catalog, "airfoil")
    frame = pd.DataFrame(np.ones((2, 6)), columns=list(s.columns))

    class Repo:
        class data:
            features = frame[list(s.columns[:-1])]
            targets = frame[[s.columns[-1]]]

    monkeypatch.setattr(ucimlrepo, "fetch_ucirepo", lambda id: Repo)
    assert list(download.fetch(s, None).columns) == list(s.columns)
    Repo.data.targets = frame[[s.columns[-1]]].rename(columns={"scaled-sound-pressure": "y"})
    with pytest.raises(download.DataUnavailableError, match="has no column"):
        download.fetch(s, None)


def test_a_url_source_is_checked_against_its_sha256(tmp_path):
    """COMPAS's route without a mirror: the file is downloaded (here from a file:// address), checked and read as
    the entry's mirror keys say; a different SHA-256 is refused."""
    path = tmp_path / "table.csv"
    path.write_text("a,b,y\n1,x,0\n2,?,1\n")
    keys = {"source": {"url": path.as_uri(), "sha256": download.sha256_of(path)}, "columns": ["a", "y"],
            "mirror": {"files": {"table.csv": download.sha256_of(path)}, "header": True}}
    raw = download.fetch(Source.of("mine", keys), None)
    assert raw.columns.tolist() == ["a", "y"] and raw["a"].tolist() == [1, 2]
    keys["source"]["sha256"] = "0" * 64
    with pytest.raises(download.DataUnavailableError, match="SHA-256"):
        download.fetch(Source.of("mine", keys), None)


def test_a_mirror_marks_missing_values_and_complete_rows_drops_them(tmp_path):
    (tmp_path / "t.data").write_text("1,a,0\n?,b,1\n3,?,1\n4,c,1\n")
    keys = {"source": {"uci": 1}, "columns": ["x", "k", "y"], "mirror": {"files": {"t.data": "0" * 64}, "missing": "?"}}
    raw = download.read_mirror(Source.of("t", keys), tmp_path, verify_checksums=False)
    assert raw["x"].isna().sum() == 1 and raw["k"].isna().sum() == 1
    features, labels = binarize(raw, Labeling("t", "y", {"equals": 1}, complete_rows=True))
    assert labels.tolist() == [0, 1] and features["x"].tolist() == [1.0, 4.0]


@pytest.mark.parametrize("missing", [None, "NA"])
def test_a_numeric_column_with_an_undeclared_missing_marker_is_refused(tmp_path, missing):
    """Heart Disease writes a missing value as "?": with mirror.missing unset (or "NA") the column would be read
    as text and "?" become a category of its own; the mirror read refuses it, naming the key."""
    from pueval.pipeline import download

    rows = [f"{i},{'?' if i % 50 == 0 else i / 10},{i % 2}" for i in range(300)]
    (tmp_path / "h.data").write_text("\n".join(rows) + "\n")
    mirror = {"files": {"h.data": "0" * 64}} | ({"missing": missing} if missing else {})
    source = download.Source(name="heart", columns=("a", "ca", "num"), mirror=mirror)
    with pytest.raises(download.DataUnavailableError,
                       match=r"column 'ca' .* holds numbers and 6 rows of '\?'; .* 'datasets.heart.mirror.missing'"):
        download.read_mirror(source, tmp_path, verify_checksums=False)
    source = download.Source(name="heart", columns=("a", "ca", "num"), mirror=mirror | {"missing": "?"})
    assert download.read_mirror(source, tmp_path, verify_checksums=False)["ca"].isna().sum() == 6


def test_first_download_pins_the_content_and_later_ones_must_match(tmp_path):
    raw = pd.DataFrame(np.arange(12.0).reshape(2, 6), columns=list("abcdef"))
    first = download.pin(raw, "airfoil", tmp_path)
    assert (tmp_path / "airfoil.sha256").read_text().strip() == first
    assert download.pin(raw.copy(), "airfoil", tmp_path) == first  # same content by another route: fine
    changed = raw.copy()
    changed.iloc[0, 0] = 99.0
    with pytest.raises(download.DataUnavailableError, match="differs from the one pinned"):
        download.pin(changed, "airfoil", tmp_path)
